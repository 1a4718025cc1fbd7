import { Spinner, type SpinnerProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * Fluent's Spinner named "Loading" for screen readers: without a label its progressbar has no
 * accessible name (axe: aria-progressbar-name, serious). Use it wherever a spinner shows no text.
 */
export function Busy(props: SpinnerProps) {
  const { t } = useTranslation();
  return <Spinner aria-label={t('app:loading')} {...props} />;
}
