import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { onNoticeWaiting } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { lazyComponent } from './lazy-page';
import { createAppRouter } from './router';
import { ThemeProvider } from './ThemeProvider';

const Notifier = lazyComponent(() =>
  import('@/components/Notifier').then((module) => module.Notifier),
);

export function App() {
  const [router] = useState(createAppRouter);
  // The toaster's code loads with the first notice: most first visits show none.
  const [noticed, setNoticed] = useState(false);
  useEffect(() => onNoticeWaiting(() => setNoticed(true)), []);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Notices raised before the toaster's code arrives wait for it (lib/notify). */}
        {noticed && (
          <Suspense>
            <Notifier />
          </Suspense>
        )}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
