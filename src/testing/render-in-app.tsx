import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * For component tests of a page or a part of one: renders it inside what the app puts around
 * it (Fluent's theme, a query client, a router at `url`). Failed queries are not retried, so an
 * error shows at once. Returns the query client, to look into or seed its cache.
 */
export function renderInApp(ui: ReactElement, url = '/'): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return client;
}
