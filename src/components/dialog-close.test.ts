import type { DialogOpenChangeData } from '@fluentui/react-components';
import { describe, expect, it, vi } from 'vitest';
import { closeUnlessTyped } from './dialog-close';

const change = (type: DialogOpenChangeData['type']) =>
  ({ open: false, type, event: {} }) as unknown as DialogOpenChangeData;

describe('closeUnlessTyped', () => {
  it('keeps a dialog with typed content open on Escape or a click beside it', () => {
    const close = vi.fn();
    closeUnlessTyped(true, close)(null, change('escapeKeyDown'));
    closeUnlessTyped(true, close)(null, change('backdropClick'));
    expect(close).not.toHaveBeenCalled();
    closeUnlessTyped(true, close)(null, change('triggerClick'));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('closes an untouched dialog on Escape', () => {
    const close = vi.fn();
    closeUnlessTyped(false, close)(null, change('escapeKeyDown'));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
