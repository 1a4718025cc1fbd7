import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { Window as HappyWindow } from 'happy-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { usePageLoaded } from '@/lib/loading';
import { withoutAnimations } from '@/testing/no-animations';
import { AppFrame } from './AppFrame';

afterEach(cleanup);

/**
 * Marks when the app's first-page-loaded wait has ended: its timers are module-wide, so the
 * test waits for them rather than leaving one to fire after the window is gone.
 */
function PageLoaded() {
  return usePageLoaded() ? <i data-testid="page-loaded" /> : null;
}

describe('the app frame on a phone', () => {
  withoutAnimations();
  beforeAll(() => initI18n('en'));

  it('opens the menu a tap asked for, even when the frame is drawn anew (a first load), and not again on Back', async () => {
    (window as unknown as HappyWindow).happyDOM.setViewport({ width: 360, height: 740 });
    let redraw = (_drawing: number) => {};
    /** A first load draws the frame twice: the router's fallback, then the page's own. */
    function Frame() {
      const [drawing, setDrawing] = useState(1);
      redraw = setDrawing;
      return (
        <AppFrame key={drawing} panel>
          <p>page</p>
          <PageLoaded />
        </AppFrame>
      );
    }
    const router = createMemoryRouter([{ path: '*', Component: Frame }], {
      initialEntries: ['/dashboard'],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FluentProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open the menu' }));
    act(() => redraw(2));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();

    // Another page closes it, and coming back does not open it again.
    await act(() => router.navigate('/workspaces'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(await screen.findByTestId('page-loaded')).toBeTruthy();
  });
});
