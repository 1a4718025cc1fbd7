import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SeededWorkspace } from '../e2e/support/seed';

export type Person = 'owner' | 'member' | 'guest';

export interface ScreenRoute {
  /** File name of the screenshot. */
  name: string;
  path: string;
  people: Person[];
}

const SIGNED_IN: Person[] = ['owner', 'member'];
const OWNER: Person[] = ['owner'];
const EVERYONE: Person[] = ['owner', 'guest'];
const GUEST: Person[] = ['guest'];

/** Every route of spec 2.1-2.6 (and the workspace area's extra sections), with who sees it. */
export function routesFor(seeded: SeededWorkspace): ScreenRoute[] {
  const ws = `/workspaces/${seeded.workspaceId}`;
  const task = `${ws}/tasks/${seeded.reviewedTaskId}`;
  const route = (path: string, people: Person[] = OWNER): ScreenRoute => ({
    name:
      path
        .replace(/^\//, '')
        .replace(/\d+/g, 'N')
        .replace(/[/:?]+/g, '_') || 'index',
    path,
    people,
  });
  return [
    // 2.1
    route('/', OWNER),
    route('/dashboard', SIGNED_IN),
    route('/dashboard/test'),
    route('/calendar'),
    route('/calendar/sync'),
    route('/drive'),
    route('/drive/archive'),
    route('/messages'),
    route('/message', EVERYONE),
    // The task's chat, made on first visit and opened in /messages.
    { ...route(`/message?task=${seeded.reviewedTaskId}`), name: 'messages-task-chat' },
    route('/notification'),
    route('/profile', SIGNED_IN),
    route('/settings'),
    route('/share_action'),
    route('/workspaces', SIGNED_IN),
    route('/errors', EVERYONE),
    route('/privacy-policy', EVERYONE),
    route('/terms-of-use', EVERYONE),
    route('/verify', GUEST),
    route('/oauth/callback', GUEST),
    route('/password/forgot', GUEST),
    route('/password/reset', GUEST),
    // 2.2
    route('/lti/process/moodle', GUEST),
    route('/p/notifications', GUEST),
    route('/payments/result/1'),
    route('/position/1', GUEST),
    route('/register', GUEST),
    route('/signin', GUEST),
    route(`/user/${seeded.ownerId}/linh-pham`, SIGNED_IN),
    route(`/share/${seeded.workspaceId}`),
    // 2.3
    route('/profile/general', SIGNED_IN),
    route('/profile/basic-information', SIGNED_IN),
    route('/profile/skills', SIGNED_IN),
    route('/profile/availability', SIGNED_IN),
    route('/profile/self-assessment', SIGNED_IN),
    route(`/profile/${seeded.workspaceId}/criteria`, SIGNED_IN),
    // 2.4
    route('/settings/security-privacy'),
    route('/settings/integrations'),
    route('/settings/notifications'),
    route('/settings/subscriptions-payments'),
    route('/settings/plugins'),
    // 2.5
    route('/workspaces/generalized/basic-information'),
    // 2.6
    route(`${ws}/people`, SIGNED_IN),
    route(`${ws}/dashboard`, SIGNED_IN),
    route(`${ws}/my-work`, SIGNED_IN),
    route(`${ws}/tasks`, SIGNED_IN),
    route(`${ws}/tasks-assessments`, SIGNED_IN),
    route(`${ws}/objectives`, SIGNED_IN),
    route(`${ws}/objectives/1`, SIGNED_IN),
    route(`${ws}/org-chart`, SIGNED_IN),
    route(`${ws}/assessments`, SIGNED_IN),
    route(`${ws}/assessments/1/report`),
    route(`${ws}/talent-pool`),
    route(`${ws}/teams`, SIGNED_IN),
    route(`${ws}/team-formation`),
    route(`${task}/info`, SIGNED_IN),
    route(`${task}/report`),
    route(`${task}/subtasks/info`),
    route(`${task}/subtasks/report`),
  ];
}

type Locale = Record<string, unknown>;
const locales = new Map<string, Locale>();

/** A string of the app in a language, by its i18next key ('tasks:actions.new_task'). */
export function word(language: string, key: string, values: Record<string, string> = {}): string {
  const [namespace, path] = key.split(':');
  const file = `locales/${language}/${namespace}.json`;
  if (!locales.has(file)) locales.set(file, JSON.parse(readFileSync(file, 'utf8')));
  let found: unknown = locales.get(file);
  for (const part of path.split('.')) found = (found as Locale)[part];
  if (typeof found !== 'string') throw new Error(`no string ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export interface ScreenPopup {
  name: string;
  person: Person;
  path: string;
  open: (page: Page, language: string) => Promise<void>;
  /** Only where the popup exists: the main menu is an overlay on phones alone. */
  phoneOnly?: boolean;
  /** Escape closes a list first, then its dialog. */
  closeTwice?: boolean;
}

/** Each dialog and menu a person opens, and how they open it. */
export function popupsFor(seeded: SeededWorkspace): ScreenPopup[] {
  const ws = `/workspaces/${seeded.workspaceId}`;
  const button = (page: Page, name: string) =>
    page.getByRole('button', { name, exact: true }).first().click();
  return [
    {
      name: 'user-menu',
      person: 'owner',
      path: '/dashboard',
      open: (page, language) =>
        page
          .getByRole('button', {
            name: word(language, 'app:user_menu.label', { name: 'Linh Pham' }),
          })
          .click(),
    },
    {
      name: 'main-menu',
      person: 'owner',
      phoneOnly: true,
      path: '/dashboard',
      open: (page, language) => button(page, word(language, 'app:navigation.open')),
    },
    {
      name: 'notification-new-meeting',
      person: 'owner',
      path: '/notification',
      open: (page, language) => button(page, word(language, 'notifications:inbox.new_meeting')),
    },
    {
      name: 'messages-new-group',
      person: 'owner',
      path: '/messages',
      open: (page, language) => button(page, word(language, 'messages:group.new_title')),
    },
    {
      name: 'new-workspace',
      person: 'owner',
      path: '/workspaces',
      open: (page, language) => button(page, word(language, 'workspaces:list.new')),
    },
    {
      name: 'plugin-add',
      person: 'owner',
      path: '/settings/plugins',
      open: (page, language) => button(page, word(language, 'lti:plugins.add')),
    },
    {
      name: 'workspace-settings',
      person: 'owner',
      path: `${ws}/people`,
      open: (page, language) => button(page, word(language, 'workspaces:settings.open')),
    },
    {
      name: 'invite',
      person: 'owner',
      path: `${ws}/people`,
      open: (page, language) => button(page, word(language, 'workspaces:people.invite')),
    },
    {
      name: 'remove-member-confirm',
      person: 'owner',
      path: `${ws}/people`,
      open: (page, language) =>
        button(page, word(language, 'workspaces:people.remove', { name: 'Minh Ngo' })),
    },
    {
      name: 'role-menu',
      person: 'owner',
      path: `${ws}/people`,
      open: (page, language) =>
        button(
          page,
          word(language, 'workspaces:people.change_role_of', {
            name: 'Minh Ngo',
            role: word(language, 'workspaces:roles.admin'),
          }),
        ),
    },
    {
      name: 'tasks-sort',
      person: 'owner',
      path: `${ws}/tasks`,
      open: (page, language) =>
        page
          .getByRole('combobox', { name: word(language, 'components:section_card.sort_by') })
          .click(),
    },
    {
      name: 'tasks-columns',
      person: 'owner',
      path: `${ws}/tasks`,
      open: (page, language) => button(page, word(language, 'components:data_table.columns')),
    },
    {
      name: 'new-objectives',
      person: 'owner',
      path: `${ws}/objectives`,
      open: (page, language) => button(page, word(language, 'okrs:actions.new_objective')),
    },
    {
      name: 'objectives-saved-views',
      person: 'owner',
      path: `${ws}/objectives`,
      open: (page, language) => button(page, word(language, 'okrs:views.saved')),
    },
    {
      name: 'objective-edit',
      person: 'owner',
      path: `${ws}/objectives/1`,
      open: (page, language) => button(page, word(language, 'okrs:actions.edit')),
    },
    {
      name: 'key-result-edit',
      person: 'owner',
      path: `${ws}/objectives/1`,
      open: (page, language) => button(page, word(language, 'okrs:actions.edit_key_result')),
    },
    {
      name: 'new-task',
      person: 'owner',
      path: `${ws}/tasks`,
      open: (page, language) => button(page, word(language, 'tasks:actions.new_task')),
    },
    {
      name: 'new-task-assignees',
      person: 'owner',
      path: `${ws}/tasks`,
      closeTwice: true,
      open: async (page, language) => {
        await button(page, word(language, 'tasks:actions.new_task'));
        await page
          .getByRole('dialog')
          .getByRole('combobox', { name: word(language, 'tasks:fields.assignees') })
          .click();
      },
    },
    {
      name: 'assessments-new',
      person: 'owner',
      path: `${ws}/assessments`,
      open: (page, language) => button(page, word(language, 'assessments:list.create')),
    },
    {
      // The team review (assessment 2 of the seeded database), opened from its link.
      name: 'assessments-answer',
      person: 'member',
      path: `${ws}/assessments?answer=2`,
      open: (page) => page.getByRole('dialog').waitFor(),
    },
    {
      name: 'timezone',
      person: 'owner',
      path: '/profile/basic-information',
      open: (page, language) =>
        page.getByRole('combobox', { name: word(language, 'profile:basic.timezone') }).click(),
    },
  ];
}
