import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { useInlineMessageReady } from '@/components/InlineMessage';
import { LoadingBar } from '@/components/LoadingBar';
import { NetworkBanner } from '@/components/NetworkBanner';
import { loadChunk } from '@/lib/chunk-reload';
import { lazyComponent } from '@/lib/lazy-page';
import { setLiveInvalidations, useLiveUpdates } from '@/lib/live-socket';
import { useBusy } from '@/lib/loading';
import { useAccessToken } from '@/lib/session';
import { getHostState } from '@tabs/host';
import { AccessGuard } from './AccessGuard';
import { Layout } from './layouts/Layout';
import { formatPageTitle, useCurrentPageTitle, useTitleState } from './page-title';
import type { LayoutName, RouteHandle } from './route-types';

// The socket's invalidation table names every feature's query keys: it loads when the socket
// connects, once someone is signed in.
setLiveInvalidations(() =>
  loadChunk(() => import('./live-updates')).then((module) => module.liveInvalidations),
);

/** The host frame's code (SSO steps, embedded pages) loads only inside a Microsoft 365 host. */
const HostFrame = lazyComponent(() => import('@tabs/HostFrame').then((module) => module.HostFrame));

function useDocumentTitle() {
  const title = useCurrentPageTitle();
  const { newMessages } = useTitleState();
  useEffect(() => {
    document.title = formatPageTitle(title, newMessages);
  }, [title, newMessages]);
}

/** The root route: loading bar, layout, guards and the page. */
export function Root() {
  const matches = useMatches();
  const navigation = useNavigation();
  const requestsBusy = useBusy();
  const token = useAccessToken();
  const { key } = useLocation();
  useDocumentTitle();
  useLiveUpdates();
  // Form alerts' MessageBar loads once the page has: a form sent offline can still say so.
  useInlineMessageReady();
  // Kept here, above the layout (which changes when the session does and remounts the guard).
  const arrival = useRef({ key, signedIn: token !== null });
  if (arrival.current.key !== key) arrival.current = { key, signedIn: token !== null };

  const chosen = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.layout)
    .find(Boolean);
  // Spec 2.7: pages sit in the panel (app) layout when signed in and the default one otherwise.
  const layout: LayoutName = chosen ?? (token ? 'panel' : 'default');

  const page = (
    <AccessGuard arrivedSignedIn={arrival.current.signedIn}>
      <Outlet />
    </AccessGuard>
  );

  const frame = (
    <Layout name={layout} banner={<NetworkBanner />}>
      {page}
    </Layout>
  );
  return (
    <>
      <LoadingBar busy={requestsBusy || navigation.state !== 'idle'} />
      {/* Inside Teams, the host bridge decides what shows around the page (spec 2.8). */}
      {getHostState().mode === 'host' ? (
        <Suspense>
          <HostFrame page={page}>{frame}</HostFrame>
        </Suspense>
      ) : (
        frame
      )}
      <ScrollRestoration />
    </>
  );
}
