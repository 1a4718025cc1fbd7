import type { DialogOpenChangeData } from '@fluentui/react-components';

/**
 * A dialog's `onOpenChange` that keeps what was typed (issue 28): while `typed`, a stray Escape
 * or a click beside the dialog does not close it; its Cancel or close button, which calls
 * `close` itself, still does.
 */
export function closeUnlessTyped(typed: boolean, close: () => void) {
  return (_event: unknown, data: DialogOpenChangeData) => {
    if (data.open) return;
    if (typed && (data.type === 'escapeKeyDown' || data.type === 'backdropClick')) return;
    close();
  };
}
