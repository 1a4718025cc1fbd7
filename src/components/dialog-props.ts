/** What a dialog's owner hands it: whether it is open, and what closing it does. */
export interface DialogOpenProps {
  open: boolean;
  onClose: () => void;
}
