import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { afterLoading } from '@/lib/loading';
import { onNoticeWaiting } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { lazyComponent } from '@/lib/lazy-page';
import { createAppRouter } from './router';
import { ThemeProvider } from './ThemeProvider';

const Notifier = lazyComponent(() =>
  import('@/components/Notifier').then((module) => module.Notifier),
);

export function App() {
  const [router] = useState(createAppRouter);
  // The toaster's code loads once the page has, or with an earlier notice. Not only when a
  // notice comes: a toaster mounted under an open dialog stays hidden from assistive technology.
  const [toaster, setToaster] = useState(false);
  useEffect(() => {
    const show = () => setToaster(true);
    const stops = [onNoticeWaiting(show), afterLoading(show)];
    return () => stops.forEach((stop) => stop());
  }, []);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Notices raised before the toaster's code arrives wait for it (lib/notify). */}
        {toaster && (
          <Suspense>
            <Notifier />
          </Suspense>
        )}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
