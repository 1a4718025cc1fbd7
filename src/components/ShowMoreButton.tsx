import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton';

/** "Show more" under a list the server sends in pages: asks for the next one, busy meanwhile. */
export function ShowMoreButton({
  list,
  className,
  children,
}: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  className?: string;
  children: ReactNode;
}) {
  if (!list.hasNextPage) return null;
  return (
    <BusyButton
      busy={list.isFetchingNextPage}
      className={className}
      onClick={() => void list.fetchNextPage()}
    >
      {children}
    </BusyButton>
  );
}
