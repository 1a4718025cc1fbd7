import { Skeleton, SkeletonItem, type SkeletonItemProps } from '@fluentui/react-components';

/** Grey bars where a list or a value will show once it has loaded, named for screen readers. */
export function SkeletonRows({
  label,
  rows = 1,
  size,
}: {
  /** What is loading, e.g. "Loading the calendar". */
  label: string;
  rows?: number;
  size: SkeletonItemProps['size'];
}) {
  return (
    <Skeleton aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <SkeletonItem key={row} size={size} />
      ))}
    </Skeleton>
  );
}
