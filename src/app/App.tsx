import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { lazyComponent } from './lazy-page';
import { createAppRouter } from './router';
import { ThemeProvider } from './ThemeProvider';

const Notifier = lazyComponent(() =>
  import('@/components/Notifier').then((module) => module.Notifier),
);

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Notices raised before the toaster's code arrives wait for it (lib/notify). */}
        <Suspense>
          <Notifier />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
