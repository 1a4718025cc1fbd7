import { Navigate } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Profile (spec 2.3) and public profiles (2.2). */
export const routes: FeatureRoutes = {
  namespaces: ['profile', 'personality'],
  app: [
    {
      id: 'profile',
      path: 'profile',
      handle: { title: 'app:titles.profile', area: 'profile' },
      lazy: lazyPage(() => import('./pages/ProfilePage')),
      children: [
        { id: 'profile-index', index: true, element: <Navigate to="general" replace /> },
        {
          id: 'profile-general',
          path: 'general',
          handle: { title: 'app:titles.profile_general' },
          lazy: lazyPage(() => import('./pages/GeneralPage')),
        },
        {
          id: 'profile-basic-information',
          path: 'basic-information',
          handle: { title: 'app:titles.profile_basic_information' },
          lazy: lazyPage(() => import('./pages/BasicInformationPage')),
        },
        {
          id: 'profile-skills',
          path: 'skills',
          handle: { title: 'app:titles.profile_skills' },
          lazy: lazyPage(() => import('./pages/SkillsPage')),
        },
        {
          id: 'profile-availability',
          path: 'availability',
          handle: { title: 'app:titles.profile_availability' },
          lazy: lazyPage(() => import('./pages/AvailabilityPage')),
        },
        {
          id: 'profile-self-assessment',
          path: 'self-assessment',
          handle: { title: 'app:titles.profile_self_assessment' },
          lazy: lazyPage(() => import('./pages/SelfAssessmentPage')),
        },
        // Criteria of a workspace belong to the assessments area.
        ...notAvailable('assessments', [
          {
            id: 'profile-workspace-criteria-id',
            path: ':workspace/criteria/:id?',
            handle: { title: 'app:titles.profile_criteria' },
          },
        ]),
      ],
    },
    {
      id: 'user-user-name',
      path: 'user/:user?/:name',
      handle: { title: 'app:titles.user_profile', area: 'profile' },
      lazy: lazyPage(() => import('./pages/PublicProfilePage')),
    },
  ],
};
