import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { InlineMessageProps } from './InlineMessage';

/** Fluent's MessageBar with an optional title: what InlineMessage loads. */
export function InlineMessageBar({ intent, role, title, children }: InlineMessageProps) {
  return (
    <MessageBar intent={intent} layout="multiline" role={role}>
      <MessageBarBody>
        {title && <MessageBarTitle>{title}</MessageBarTitle>}
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}
