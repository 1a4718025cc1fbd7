import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, onNotice, showInPlace, type Notice } from './notify';

describe('notices', () => {
  let stops: (() => void)[] = [];
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
    vi.useRealTimers();
  });
  const listen = () => {
    const shown: Notice[] = [];
    const withdrawn: string[] = [];
    stops.push(
      onNotice({ show: (notice) => shown.push(notice), withdraw: (text) => withdrawn.push(text) }),
    );
    return { shown, withdrawn };
  };

  it('keeps one of identical notices raised before the toaster is there', () => {
    notify({ intent: 'error', text: 'Choose a file first.' });
    notify({ intent: 'error', text: 'Choose a file first.' });
    notify({ intent: 'success', text: 'Saved.' });
    const { shown } = listen();
    expect(shown.map((notice) => notice.text)).toEqual(['Choose a file first.', 'Saved.']);
  });

  it('withdraws the toast of words a screen shows in place, and drops them for a moment after', () => {
    vi.useFakeTimers();
    const { shown, withdrawn } = listen();
    notify({ intent: 'error', text: 'The title is required.' });
    showInPlace(['The title is required.']);
    expect(withdrawn).toEqual(['The title is required.']);
    notify({ intent: 'error', text: 'The title is required.' });
    expect(shown).toHaveLength(1);
    // Later the same words are news again.
    vi.advanceTimersByTime(5000);
    notify({ intent: 'error', text: 'The title is required.' });
    expect(shown).toHaveLength(2);
  });
});
