import { Button, type ButtonProps } from '@fluentui/react-components';
import { Busy } from './Busy';

/** A button whose action is under way: disabled, with a spinner in place of its icon. */
export function BusyButton({ busy, disabled, icon, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button {...props} disabled={busy || disabled} icon={busy ? <Busy size="tiny" /> : icon} />
  );
}
