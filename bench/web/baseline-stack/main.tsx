import {
  Button,
  Card,
  CardHeader,
  FluentProvider,
  Spinner,
  Tab,
  TabList,
  Text,
  Title2,
  webLightTheme,
} from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import axios from 'axios';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';

/**
 * The floor of the guide's fixed stack for /profile: the least a signed-in profile page does
 * with it. A data router with one route, i18next, one axios GET through TanStack Query, and a
 * Fluent card showing the answer with the profile's tabs (what bench:web waits for on
 * /profile). No app code, no menu, no avatar. bench:web prints it beside /profile, so the share
 * of the page that is the stack itself is measured in the same run.
 */
await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: {
      translation: {
        hello: 'Signed in as {{name}}',
        out: 'Sign out',
        profile: 'Profile',
        personality: 'Personality',
      },
    },
  },
});
const http = axios.create({ baseURL: '/api' });
const queryClient = new QueryClient();

function Profile() {
  const { t } = useTranslation();
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => (await http.get<{ name: string }>('/me')).data,
  });
  if (!me.data) return <Spinner />;
  return (
    <Card style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}>
      <CardHeader header={<Title2 as="h1">{me.data.name}</Title2>} />
      <TabList defaultSelectedValue="profile">
        <Tab value="profile">{t('profile')}</Tab>
        <Tab value="personality">{t('personality')}</Tab>
      </TabList>
      <Text>{t('hello', { name: me.data.name })}</Text>
      <Button appearance="primary">{t('out')}</Button>
    </Card>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Profile /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
          <RouterProvider router={router} />
        </main>
      </QueryClientProvider>
    </FluentProvider>
  </StrictMode>,
);
