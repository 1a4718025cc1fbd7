import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../api';

const COLORS = {
  draft: 'subtle',
  open: 'warning',
  paid: 'success',
  failed: 'danger',
  void: 'informative',
} as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={COLORS[status]}>
      {t(`billing:settings.invoice_status.${status}`)}
    </Badge>
  );
}
