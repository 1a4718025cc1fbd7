import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterLink } from '@/components/RouterLink';
import { column, wrappingRow } from '@/lib/styles';
import { LoadingOrError } from './PageStates';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  head: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  title: { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
});

/**
 * A job's or a candidate's page: the link back first; then, until `query` has the data, rows of
 * grey (labelled `loading`) or its error; then what `children` draws of the data.
 */
export function DetailPage<T>({
  back,
  query,
  rows,
  loading,
  children,
}: {
  back: { to: string; label: string };
  query: UseQueryResult<T>;
  rows: number;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <RouterLink to={back.to} className={styles.back}>
        <ArrowLeftRegular aria-hidden />
        {back.label}
      </RouterLink>
      {query.isSuccess ? (
        children(query.data)
      ) : (
        <LoadingOrError query={query} rows={rows} label={loading} />
      )}
    </div>
  );
}

/** The heading row of a job or a candidate: the name as the page's heading, then its badges. */
export function DetailHeading({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.head}>
      <Text as="h2" size={500} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {children}
    </div>
  );
}
