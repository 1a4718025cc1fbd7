import type { TOUR_NAMES as SERVER_TOUR_NAMES } from '@contracts/auth';

/** A tour's name as core/tours knows it (spec 2.12: fifteen tours and six mobile variants). */
export type TourName = (typeof SERVER_TOUR_NAMES)[number];

/**
 * One step of a tour: the page it needs (a route pattern; `:workspace` is filled from the
 * address the tour started on), the element it points at (CSS selectors, the first one on the
 * page wins; none found or none given, the card stands alone) and its words
 * (`tours:<tour>.<key>.title` and `.body`).
 */
export interface TourStep {
  key: string;
  path: string;
  target?: string[];
}

export interface TourDefinition {
  /** Addresses (route patterns) where the tour starts by itself on a first visit. */
  startsOn: string[];
  steps: TourStep[];
}

/** Spec 9: mobile means the xs breakpoint only (narrower than 600 px). */
export const MOBILE_VARIANTS = [
  'assessment',
  'objective',
  'task',
  'workspaces',
  'dashboard',
  'workspace-tabs',
] as const;

const MAIN_HEADING = ['main h1', 'main h2'];
const MENU_BAR = ['.fui-NavDrawer', 'nav[aria-label]'];
const MOBILE_MENU = ['header button[aria-label]'];
const WORKSPACE_SUBMENU = ['main [role="tablist"]', 'main nav'];
/** People's Invite button; a member who may not invite sees the list's heading. */
const INVITE_BUTTON = ['[data-tour="invite"]', ...MAIN_HEADING];

/** The steps of the profile tour (spec 2.12), the step numbers the spec gives at each page. */
const PROFILE_STEPS: TourStep[] = [
  { key: 'basic', path: '/profile/basic-information', target: MAIN_HEADING },
  {
    key: 'picture',
    path: '/profile/basic-information',
    target: ['main .fui-Avatar', 'main img'],
  },
  {
    key: 'timezone',
    path: '/profile/basic-information',
    target: ['main [role="combobox"]', 'main select'],
  },
  { key: 'bio', path: '/profile/basic-information', target: ['main textarea'] },
  {
    key: 'skills_pick',
    path: '/profile/skills',
    target: ['main [role="combobox"]', 'main input'],
  },
  { key: 'skills_type', path: '/profile/skills', target: ['main input'] },
  {
    key: 'availability_select',
    path: '/profile/availability',
    target: ['main table', 'main [role="grid"]'],
  },
  { key: 'availability_matching', path: '/profile/availability', target: MAIN_HEADING },
  { key: 'assessment', path: '/profile/self-assessment', target: MAIN_HEADING },
  {
    key: 'assessment_save',
    path: '/profile/self-assessment',
    target: ['main button[type="submit"]', 'main button.fui-Button--primary'],
  },
];

/** Spec 2.12: the profile tour starts at these steps on these pages. */
export const PROFILE_START_STEPS: Record<string, number> = {
  '/profile/basic-information': 0,
  '/profile/skills': 4,
  '/profile/availability': 6,
  '/profile/self-assessment': 8,
};

const WORKSPACES_STEPS: TourStep[] = [
  { key: 'menu', path: '/workspaces', target: MENU_BAR },
  {
    key: 'list',
    path: '/workspaces',
    target: ['[data-section="workspaces-current"]', 'main section', 'main h1'],
  },
  {
    key: 'new',
    path: '/workspaces',
    target: [
      '[data-section="workspaces-current"] [role="toolbar"] > button:last-of-type',
      'main h1',
    ],
  },
  { key: 'type', path: '/workspaces', target: ['main h1'] },
  { key: 'basic', path: '/workspaces/general', target: ['main form', 'main h1'] },
];

const WORKSPACES_MOBILE_STEPS: TourStep[] = [
  { key: 'menu', path: '/workspaces', target: MOBILE_MENU },
  ...WORKSPACES_STEPS.slice(1),
];

const W = '/workspaces/:workspace';

/** A tour's mobile variant (spec 9): the same start, and only the steps named in `keep`. */
function mobileOf(tour: TourDefinition, keep: string[]): TourDefinition {
  return { startsOn: tour.startsOn, steps: tour.steps.filter((step) => keep.includes(step.key)) };
}

const TASK_TOUR: TourDefinition = {
  startsOn: [`${W}/tasks`],
  steps: [
    { key: 'list', path: `${W}/tasks`, target: MAIN_HEADING },
    { key: 'open', path: `${W}/tasks`, target: ['main [role="grid"]', 'main table'] },
    { key: 'submit', path: `${W}/tasks`, target: MAIN_HEADING },
  ],
};

const OBJECTIVE_TOUR: TourDefinition = {
  startsOn: [`${W}/objectives`],
  steps: [
    { key: 'list', path: `${W}/objectives`, target: MAIN_HEADING },
    { key: 'key_results', path: `${W}/objectives`, target: MAIN_HEADING },
    { key: 'org_chart', path: `${W}/org-chart`, target: MAIN_HEADING },
  ],
};

const ASSESSMENT_TOUR: TourDefinition = {
  startsOn: [`${W}/assessments`],
  steps: [
    { key: 'list', path: `${W}/assessments`, target: MAIN_HEADING },
    { key: 'answer', path: `${W}/assessments`, target: MAIN_HEADING },
    { key: 'report', path: `${W}/assessments`, target: MAIN_HEADING },
  ],
};

const WORKSPACE_TABS_TOUR: TourDefinition = {
  startsOn: [`${W}/dashboard`],
  steps: [
    { key: 'tabs', path: `${W}/dashboard`, target: WORKSPACE_SUBMENU },
    { key: 'tasks', path: `${W}/tasks`, target: MAIN_HEADING },
    { key: 'people', path: `${W}/people`, target: MAIN_HEADING },
  ],
};

export const TOURS: Record<TourName, TourDefinition> = {
  profile: { startsOn: Object.keys(PROFILE_START_STEPS), steps: PROFILE_STEPS },
  workspaces: { startsOn: ['/workspaces'], steps: WORKSPACES_STEPS },
  'workspaces-mobile': { startsOn: ['/workspaces'], steps: WORKSPACES_MOBILE_STEPS },
  dashboard: {
    startsOn: ['/dashboard'],
    steps: [
      { key: 'welcome', path: '/dashboard', target: MAIN_HEADING },
      { key: 'menu', path: '/dashboard', target: MENU_BAR },
      { key: 'profile', path: '/dashboard', target: ['header button[aria-haspopup]'] },
    ],
  },
  'dashboard-mobile': {
    startsOn: ['/dashboard'],
    steps: [
      { key: 'welcome', path: '/dashboard', target: MAIN_HEADING },
      { key: 'menu', path: '/dashboard', target: MOBILE_MENU },
    ],
  },
  task: TASK_TOUR,
  'task-mobile': mobileOf(TASK_TOUR, ['list', 'submit']),
  objective: OBJECTIVE_TOUR,
  'objective-mobile': mobileOf(OBJECTIVE_TOUR, ['list', 'key_results']),
  assessment: ASSESSMENT_TOUR,
  'assessment-mobile': mobileOf(ASSESSMENT_TOUR, ['list', 'answer']),
  'workspace-tabs': WORKSPACE_TABS_TOUR,
  'workspace-tabs-mobile': mobileOf(WORKSPACE_TABS_TOUR, ['tabs', 'tasks']),
  'workspace-people': {
    startsOn: [`${W}/people`],
    steps: [
      { key: 'list', path: `${W}/people`, target: MAIN_HEADING },
      { key: 'invite', path: `${W}/people`, target: INVITE_BUTTON },
    ],
  },
  'workspace-team-formation': {
    startsOn: [`${W}/team-formation`],
    steps: [
      { key: 'intro', path: `${W}/team-formation`, target: MAIN_HEADING },
      { key: 'balance', path: `${W}/team-formation`, target: ['main form', ...MAIN_HEADING] },
    ],
  },
  'workspace-my-work': {
    startsOn: [`${W}/my-work`],
    steps: [{ key: 'intro', path: `${W}/my-work`, target: MAIN_HEADING }],
  },
  'workspace-my-profile': {
    startsOn: [`${W}/my-profile`],
    steps: [{ key: 'intro', path: `${W}/my-profile`, target: MAIN_HEADING }],
  },
  teams: {
    startsOn: [`${W}/teams`],
    steps: [
      { key: 'list', path: `${W}/teams`, target: MAIN_HEADING },
      { key: 'request', path: `${W}/teams`, target: MAIN_HEADING },
    ],
  },
  'team-assistant': {
    startsOn: [],
    steps: [{ key: 'intro', path: `${W}/dashboard`, target: ['[data-tour="team-assistant"]'] }],
  },
  'workspace-create': {
    startsOn: ['/workspaces/course', '/workspaces/general', '/workspaces/generalized/*'],
    steps: [
      { key: 'basic', path: '', target: ['main form', 'main h1'] },
      { key: 'next', path: '', target: ['main button[type="submit"]'] },
    ],
  },
  'workspace-create-success': {
    startsOn: [],
    steps: [
      { key: 'invite', path: `${W}/people`, target: INVITE_BUTTON },
      { key: 'tabs', path: `${W}/dashboard`, target: WORKSPACE_SUBMENU },
    ],
  },
};

/** Every tour, in the order they are looked at on a page (the server's order). */
export const TOUR_NAMES = Object.keys(TOURS) as TourName[];
