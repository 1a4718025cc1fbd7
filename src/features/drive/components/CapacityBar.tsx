import { Field, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '@/components/SkeletonRows';
import { formatFileSize } from '@/lib/file-size';
import { useCapacity } from '../hooks';
import { capacityLevel, capacityShare } from '../drive-view';

const COLORS = { normal: 'brand', warning: 'warning', full: 'error' } as const;

/** "X of Y used", warning as it nears full. */
export function CapacityBar() {
  const { t } = useTranslation();
  const capacity = useCapacity();
  if (capacity.isError) return null;
  if (!capacity.data) {
    return <SkeletonRows label={t('drive:capacity.loading')} size={16} />;
  }
  const { used, total, left } = capacity.data;
  const level = capacityLevel(used, total);
  const hint =
    level === 'normal'
      ? undefined
      : t(level === 'full' ? 'drive:capacity.full' : 'drive:capacity.nearly_full', {
          left: formatFileSize(left),
        });
  return (
    <Field
      label={t('drive:capacity.used', { used: formatFileSize(used), total: formatFileSize(total) })}
      validationState={level === 'normal' ? 'none' : level === 'full' ? 'error' : 'warning'}
      validationMessage={hint}
      data-testid="drive-capacity"
      data-used={used}
    >
      <ProgressBar value={capacityShare(used, total)} color={COLORS[level]} thickness="large" />
    </Field>
  );
}
