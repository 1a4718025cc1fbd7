import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider, themeReady } from '@/app/ThemeProvider';
import { Notifier } from '@/components/Notifier';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { connectHost, reportFailure, reportLoaded, signInThroughHost } from './host';

/**
 * Starts one of the tab's own pages (configuration, removal, "My work"): the host
 * connection, its language and theme, SSO when the page needs the person, then the page.
 */
export async function startTabPage(Page: ComponentType, options: { signIn: boolean }) {
  try {
    const host = await connectHost();
    await Promise.all([initI18n(host.language, ['teams-host']), themeReady()]);
    if (options.signIn) await signInThroughHost();
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <Page />
            <Notifier />
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    );
    reportLoaded();
  } catch (error) {
    reportFailure(error);
    throw error;
  }
}
