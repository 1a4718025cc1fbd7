import { Navigate } from 'react-router';
import { notAvailable } from '@/app/not-available';
import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';
import type { PageLoader } from '@/lib/lazy-page';

/**
 * The profile's pages, each a tab of /profile: the page and its address under /profile. Its id is
 * `profile-<address>`, its title `app:titles.profile_<address>` (dashes as underscores).
 */
const PROFILE_PAGES: [PageLoader, string][] = [
  [() => import('./pages/GeneralPage'), 'general'],
  [() => import('./pages/BasicInformationPage'), 'basic-information'],
  [() => import('./pages/SkillsPage'), 'skills'],
  [() => import('./pages/AvailabilityPage'), 'availability'],
  [() => import('./pages/SelfAssessmentPage'), 'self-assessment'],
];

/** Profile (spec 2.3) and public profiles (2.2). */
export const routes: FeatureRoutes = {
  namespaces: ['profile', 'personality'],
  app: [
    pageRoute(() => import('./pages/ProfilePage'), {
      id: 'profile',
      path: 'profile',
      handle: { title: 'app:titles.profile', area: 'profile' },
      children: [
        { id: 'profile-index', index: true, element: <Navigate to="general" replace /> },
        ...PROFILE_PAGES.map(([load, path]) =>
          pageRoute(load, {
            id: `profile-${path}`,
            path,
            handle: { title: `app:titles.profile_${path.replaceAll('-', '_')}` },
          }),
        ),
        // Criteria of a workspace belong to the assessments area.
        ...notAvailable('assessments', [
          {
            id: 'profile-workspace-criteria-id',
            path: ':workspace/criteria/:id?',
            handle: { title: 'app:titles.profile_criteria' },
          },
        ]),
      ],
    }),
    pageRoute(() => import('./pages/PublicProfilePage'), {
      id: 'user-user-name',
      path: 'user/:user?/:name',
      handle: { title: 'app:titles.user_profile', area: 'profile' },
    }),
  ],
};
