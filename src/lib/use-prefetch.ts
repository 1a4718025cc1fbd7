import { useRef } from 'react';
import { prefetchWhenIdle } from '@/lib/display';
import { prefetchRoute } from '@/lib/navigation';

/**
 * Handlers for a link that load its page's code once the pointer rests on it or it gets the
 * focus: at the browser's next idle moment (2,000 ms at most), never on 2g or data saver.
 */
export function usePrefetch(to: string) {
  const started = useRef(false);
  const start = () => {
    if (started.current) return;
    started.current = true;
    prefetchWhenIdle(() => prefetchRoute(to));
  };
  return { onPointerEnter: start, onFocus: start };
}
