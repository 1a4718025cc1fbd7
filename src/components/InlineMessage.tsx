import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-page';
import { afterLoading } from '@/lib/loading';

export interface InlineMessageProps {
  intent: 'error' | 'warning' | 'success' | 'info';
  /** `alert` for failures, `status` for the rest: announced to screen readers as it appears. */
  role: 'alert' | 'status';
  title?: string;
  children: ReactNode;
}

// Fluent's MessageBar is not in the first load: most visits never show one.
let loading: Promise<typeof import('./InlineMessageBar')> | undefined;
const load = () => (loading ??= import('./InlineMessageBar'));
const InlineMessageBar = lazyComponent(() => load().then((module) => module.InlineMessageBar));

/** Loads the message bar once the page has, so that a form sent offline can still say so. */
export function useInlineMessageReady(): void {
  useEffect(() => afterLoading(() => void load().catch(() => (loading = undefined))), []);
}

/** A sentence in place (a failed call, a notice after a form), in a Fluent MessageBar. */
export function InlineMessage(props: InlineMessageProps) {
  return (
    <Suspense fallback={null}>
      <InlineMessageBar {...props} />
    </Suspense>
  );
}
