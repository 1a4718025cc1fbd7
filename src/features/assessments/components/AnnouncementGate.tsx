import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-page';
import { loadNamespaces } from '@/lib/i18n';
import { assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';

/** The dialog (Fluent dialog, radio, textarea) loads only when there is something to answer. */
const AnnouncementDialog = lazyComponent(() =>
  import('./AnnouncementDialog').then((module) => module.AnnouncementDialog),
);

/**
 * Announcements (spec 7.21) as a dialog on entry: the first unanswered one of the caller's
 * workspaces. "Later" hides it until the next visit.
 */
export function AnnouncementGate() {
  const [dismissed, setDismissed] = useState<number[]>([]);
  const reminders = useQuery({
    queryKey: assessmentKeys.announcements,
    queryFn: assessmentsApi.announcements,
    staleTime: 60_000,
  });
  const current = (reminders.data ?? []).find((a) => !dismissed.includes(a.id));
  const [ready, setReady] = useState(false);
  const needed = current !== undefined;
  useEffect(() => {
    if (!needed) return undefined;
    let live = true;
    void loadNamespaces(['assessments']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [needed]);
  if (!current || !ready) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed: the next announcement starts with empty answers. */}
      <AnnouncementDialog
        key={current.id}
        announcement={current}
        onLater={() => setDismissed([...dismissed, current.id])}
      />
    </Suspense>
  );
}
