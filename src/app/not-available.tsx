import { WrenchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMatches, useOutlet } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { RouterButton } from '@/components/RouterLink';
import type { AppRoute, AreaName, RouteHandle } from './route-types';

const AREA_NAMES: Record<AreaName, string> = {
  dashboard: 'app:areas.dashboard',
  workspaces: 'app:areas.workspaces',
  tasks: 'app:areas.tasks',
  assessments: 'app:areas.assessments',
  okrs: 'app:areas.okrs',
  people: 'app:areas.people',
  talent_pool: 'app:areas.talent_pool',
  profile: 'app:areas.profile',
  messages: 'app:areas.messages',
  notifications: 'app:areas.notifications',
  calendar: 'app:areas.calendar',
  drive: 'app:areas.drive',
  payments: 'app:areas.payments',
  integrations: 'app:areas.integrations',
  lti: 'app:areas.lti',
  share: 'app:areas.share',
};

/** What a route of an area that has not been built yet shows, inside the usual layout. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  // A planned parent (the workspace area) still shows a child page that is built already.
  const outlet = useOutlet();
  const area = [...useMatches()]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.area)
    .find(Boolean);
  if (outlet) return outlet;
  return (
    <EmptyState
      headingLevel={1}
      icon={<WrenchRegular />}
      title={t('app:not_available.title', { area: area ? t(AREA_NAMES[area]) : '' })}
      description={t('app:not_available.description')}
      actions={
        <RouterButton to="/dashboard" appearance="primary">
          {t('app:not_available.back')}
        </RouterButton>
      }
    />
  );
}

type PlannedRoute = Omit<AppRoute, 'Component' | 'lazy' | 'element' | 'children' | 'index'> & {
  index?: boolean;
  children?: PlannedRoute[];
};

/**
 * Routes of an area that is not built yet: the spec's paths and names, each showing
 * NotAvailablePage. The area's engineer replaces the call with real pages.
 */
export function notAvailable(area: AreaName, routes: PlannedRoute[]): AppRoute[] {
  return routes.map(
    ({ children, ...route }) =>
      ({
        ...route,
        handle: { ...route.handle, area },
        Component: NotAvailablePage,
        ...(children ? { children: notAvailable(area, children) } : {}),
      }) as AppRoute,
  );
}
