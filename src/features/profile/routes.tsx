import { Navigate } from 'react-router';
import { notAvailable } from '@/app/not-available';
import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

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
        pageRoute(() => import('./pages/GeneralPage'), {
          id: 'profile-general',
          path: 'general',
          handle: { title: 'app:titles.profile_general' },
        }),
        pageRoute(() => import('./pages/BasicInformationPage'), {
          id: 'profile-basic-information',
          path: 'basic-information',
          handle: { title: 'app:titles.profile_basic_information' },
        }),
        pageRoute(() => import('./pages/SkillsPage'), {
          id: 'profile-skills',
          path: 'skills',
          handle: { title: 'app:titles.profile_skills' },
        }),
        pageRoute(() => import('./pages/AvailabilityPage'), {
          id: 'profile-availability',
          path: 'availability',
          handle: { title: 'app:titles.profile_availability' },
        }),
        pageRoute(() => import('./pages/SelfAssessmentPage'), {
          id: 'profile-self-assessment',
          path: 'self-assessment',
          handle: { title: 'app:titles.profile_self_assessment' },
        }),
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
