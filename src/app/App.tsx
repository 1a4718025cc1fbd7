import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Notifier } from '@/components/Notifier';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';
import { ThemeProvider } from './ThemeProvider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Notifier />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
