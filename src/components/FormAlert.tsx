import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/http';
import { isPlanRequired, PLANS_PATH } from '@/lib/plan-gate';
import { showInPlace } from '@/lib/notify';
import { InlineMessage } from './InlineMessage';
import { RouterLink } from './RouterLink';

/**
 * The words of a failed call, in place above the form: the server's messages, or a general
 * sentence when no answer came back. Announced to screen readers as it appears; the same words
 * are then not also a toast.
 */
export function FormAlert({ error, title }: { error: ApiError | null; title?: string }) {
  const { t } = useTranslation();
  useLayoutEffect(() => {
    if (error) showInPlace(error.messages);
  }, [error]);
  if (!error) return null;
  const messages =
    error.messages.length > 0
      ? error.messages
      : [error.status === null ? t('app:http.no_answer') : t('app:http.failed')];
  return (
    <InlineMessage intent="error" role="alert" title={title}>
      {messages.join(' ')}
      {isPlanRequired(error) && (
        <>
          {' '}
          <RouterLink to={PLANS_PATH}>{t('app:plan_gate.see_plans')}</RouterLink>
        </>
      )}
    </InlineMessage>
  );
}

/** A success or information sentence in place (e.g. "we sent you a link"). */
export function FormNotice({
  children,
  intent = 'success',
}: {
  children: ReactNode;
  intent?: 'success' | 'info' | 'warning';
}) {
  return (
    <InlineMessage intent={intent} role="status">
      {children}
    </InlineMessage>
  );
}

/** The server's words about one field, for a Fluent Field's validationMessage. */
export function fieldError(error: ApiError | null, field: string): string | undefined {
  const messages = error?.fields[field];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
