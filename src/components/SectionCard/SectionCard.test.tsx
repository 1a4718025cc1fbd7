import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SectionCard } from './SectionCard';
import { sectionStorageKey } from './use-section-state';

function renderCard() {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SectionCard section="workspaces-current" title="Current">
        {(view) => <p data-testid="content">{view}</p>}
      </SectionCard>
    </FluentProvider>,
  );
}

describe('the section card (spec 2.10)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('remembers the chosen view and the collapse state under the section name', () => {
    renderCard();
    expect(screen.getByTestId('content').textContent).toBe('grid');
    act(() => {
      fireEvent.click(document.querySelector('[data-view="board"]')!);
    });
    expect(screen.getByTestId('content').textContent).toBe('board');
    expect(JSON.parse(localStorage.getItem(sectionStorageKey('workspaces-current'))!)).toEqual({
      view: 'board',
      collapsed: false,
    });
    cleanup();

    renderCard();
    expect(screen.getByTestId('content').textContent).toBe('board');
    act(() => {
      fireEvent.click(screen.getByRole('button', { expanded: true }));
    });
    expect(screen.queryByTestId('content')).toBeNull();
    cleanup();

    renderCard();
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('ignores a remembered view the section does not offer', () => {
    localStorage.setItem(
      sectionStorageKey('workspaces-current'),
      JSON.stringify({ view: 'calendar', collapsed: false }),
    );
    renderCard();
    expect(screen.getByTestId('content').textContent).toBe('grid');
  });

  it("refuses an empty filter with 'please specify filter type' and keeps the sort", () => {
    const onChange = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <SectionCard
          section="workspaces-previous"
          title="Previous"
          sort={{
            options: [{ value: 'name', label: 'Title' }],
            value: 'name',
            direction: 'asc',
            onChange,
          }}
        >
          {() => null}
        </SectionCard>
      </FluentProvider>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('combobox'));
    });
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: '—' }));
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('components:please_specify_filter_type')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'components:section_card.ascending' }));
    });
    expect(onChange).toHaveBeenCalledWith('name', 'desc');
  });
});
