import { Button, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { apiErrorOf } from '@/lib/http';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  rows: { ...column, gap: tokens.spacingVerticalS },
  row: { height: '48px' },
});

/** Rows of grey while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  const styles = useStyles();
  return (
    <Skeleton aria-label={label} className={styles.rows}>
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonItem key={i} className={styles.row} />
      ))}
    </Skeleton>
  );
}

/** A load that failed: the server's words (or a general sentence) and a retry. */
export function LoadError({
  error,
  onRetry,
  headingLevel = 2,
}: {
  error: unknown;
  onRetry?: () => void;
  headingLevel?: 1 | 2 | 3;
}) {
  const { t } = useTranslation();
  const apiError = apiErrorOf(error);
  return (
    <EmptyState
      headingLevel={headingLevel}
      icon={<ErrorCircleRegular />}
      title={
        apiError.status === 404
          ? t('recruit:page.not_found')
          : apiError.status === 403
            ? t('recruit:page.no_access')
            : t('recruit:page.load_failed')
      }
      description={apiError.messages.join(' ') || undefined}
      actions={
        onRetry && apiError.status !== 404 && apiError.status !== 403 ? (
          <Button onClick={onRetry}>{t('recruit:page.retry')}</Button>
        ) : undefined
      }
    />
  );
}

/** Until a query has its data: rows of grey while it loads, then its error with a retry. */
export function LoadingOrError({
  query,
  rows,
  label,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
  rows?: number;
  label: string;
}) {
  if (query.isPending) return <ListSkeleton rows={rows} label={label} />;
  return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
}
