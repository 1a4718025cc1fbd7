import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/http';
import { preloadOf } from '@/lib/lazy-page';
import { currentRoute, setNavigator, setRoutePrefetcher } from '@/lib/navigation';
import { endSessionLocally, rememberRoute, useAccessToken } from '@/lib/session';
import { RootErrorPage, RouteErrorView } from './ErrorPage';
import { isOpenRoute, SIGN_IN_PATH } from './guards';
import { Layout } from './layouts/Layout';
import { PageSkeleton } from './layouts/FrameSkeleton';
import { Root } from './Root';
import { buildAppRoutes } from './routes';

/** Signed in, the panel frame (its own skeleton until its code is here); else the open one. */
function FirstLoadFrame() {
  return (
    <Layout name={useAccessToken() ? 'panel' : 'default'}>
      <PageSkeleton />
    </Layout>
  );
}

export function createAppRouter() {
  const routeTree: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      Component: Root,
      // Shown while the first page's lazy code loads (React Router warns when it is missing):
      // the page's frame at once, its content as a skeleton.
      HydrateFallback: FirstLoadFrame,
      // The frame itself failed (layout, guard): a fresh error page with its own frame.
      errorElement: <RootErrorPage />,
      children: [
        {
          id: 'frame',
          // A page failed: the error shows inside the frame, menu and header intact.
          errorElement: <RouteErrorView />,
          children: buildAppRoutes() as RouteObject[],
        },
      ],
    },
  ];
  const router = createBrowserRouter(routeTree);

  setNavigator((to) => void router.navigate(to));
  setRoutePrefetcher((to) =>
    Promise.all(
      (matchRoutes(routeTree, new URL(to, window.location.origin).pathname) ?? []).map((match) =>
        preloadOf(match.route.lazy)?.(),
      ),
    ),
  );
  // Spec 8: a 401 signs out and goes to /signin; the page being left is remembered unless open.
  setSessionExpiredHandler(() => {
    const route = currentRoute();
    const ids = (matchRoutes(routeTree, window.location.pathname) ?? []).map((m) => m.route.id);
    if (!isOpenRoute(ids as string[])) rememberRoute(route);
    endSessionLocally();
    void router.navigate(SIGN_IN_PATH, { replace: true });
  });
  return router;
}
