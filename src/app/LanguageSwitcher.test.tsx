import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withoutAnimations } from '@/testing/no-animations';
import { renderInApp } from '@/testing/render-in-app';
import { LanguageSwitcher } from './LanguageSwitcher';

afterEach(cleanup);

describe('the language switcher', () => {
  withoutAnimations();

  it('opens the menu a click asked for, even when the header is drawn anew before its code arrives, and only once', async () => {
    let redraw = (_drawing: number) => {};
    /** A header whose switcher is drawn anew on each `redraw`. */
    function Header() {
      const [drawing, setDrawing] = useState(1);
      redraw = setDrawing;
      return <LanguageSwitcher key={drawing} />;
    }
    renderInApp(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    // The sign-in page's first load can draw its header again before the menu's chunk is here.
    act(() => redraw(2));
    expect(await screen.findByRole('menuitemradio', { name: 'Tiếng Việt' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Closed: a later header shows the button alone.
    act(() => redraw(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
  });
});
