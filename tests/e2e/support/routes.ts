import type { SeededWorkspace } from './seed';

/** The open pages a signed-out visitor reaches (src/features/auth, legal). */
export const SIGNED_OUT_ROUTES = [
  '/signin',
  '/register',
  '/password/forgot',
  '/privacy-policy',
  '/terms-of-use',
];

/**
 * One address for every signed-in route of the route table (src/app/routes.tsx and each
 * area's routes.tsx), on the seeded workspace and its records, as its owner sees them.
 */
export function signedInRoutes(seeded: SeededWorkspace): string[] {
  const ws = `/workspaces/${seeded.workspaceId}`;
  return [
    '/dashboard',
    '/dashboard/test',
    '/workspaces',
    '/workspaces/course',
    '/workspaces/general',
    '/workspaces/generalized/basic-information',
    ws,
    `${ws}/dashboard`,
    `${ws}/my-work`,
    `${ws}/tasks-assessments`,
    `${ws}/tasks`,
    `${ws}/tasks/${seeded.reviewedTaskId}/info`,
    `${ws}/tasks/${seeded.reviewedTaskId}/report`,
    `${ws}/assessments`,
    `${ws}/assessments/${seeded.assessmentId}/report`,
    `${ws}/objectives`,
    `${ws}/objectives/${seeded.objectiveId}`,
    `${ws}/org-chart`,
    `${ws}/people`,
    `${ws}/teams`,
    `${ws}/team-formation`,
    `${ws}/talent-pool`,
    '/team-generator',
    '/profile/general',
    '/profile/basic-information',
    '/profile/skills',
    '/profile/availability',
    '/profile/self-assessment',
    `/user/${seeded.ownerId}/profile`,
    '/settings/security-privacy',
    '/settings/notifications',
    '/settings/plugins',
    '/settings/integrations',
    '/settings/subscriptions-payments',
    '/messages',
    '/notification',
    '/calendar',
    '/drive',
    '/drive/archive',
    '/errors',
  ];
}
