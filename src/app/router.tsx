import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { setSessionExpiredHandler } from '@/lib/http';
import { currentRoute, setNavigator } from '@/lib/navigation';
import { endSessionLocally, rememberRoute } from '@/lib/session';
import { RootErrorPage, RouteErrorView } from './ErrorPage';
import { isOpenRoute, SIGN_IN_PATH } from './guards';
import { Root } from './Root';
import { buildAppRoutes } from './routes';

export function createAppRouter() {
  const routeTree: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      Component: Root,
      // Shown while the first page's lazy code loads (React Router warns when it is missing).
      HydrateFallback: () => <FullPageSpinner />,
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
