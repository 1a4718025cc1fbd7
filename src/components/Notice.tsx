import { MessageBar, MessageBarBody, type MessageBarProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/**
 * A sentence in a Fluent MessageBar, drawn with the page (a failed load, a note above a form).
 * A message that may come before the bar's code has loaded is an `InlineMessage`.
 */
export function Notice({
  intent,
  children,
}: {
  intent: MessageBarProps['intent'];
  children: ReactNode;
}) {
  return (
    <MessageBar intent={intent}>
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
