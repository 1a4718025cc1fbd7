import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { Job } from '../api';

/** Open, or closed with the day it closed. */
export function JobStatusBadge({ job }: { job: Pick<Job, 'status' | 'closed_at'> }) {
  const { t } = useTranslation();
  return job.status === 'open' ? (
    <Badge appearance="tint" color="success">
      {t('recruit:position.open')}
    </Badge>
  ) : (
    <Badge appearance="tint" color="informative">
      {job.closed_at
        ? t('recruit:position.closed_on', { date: formatDate(job.closed_at) })
        : t('recruit:position.closed')}
    </Badge>
  );
}
