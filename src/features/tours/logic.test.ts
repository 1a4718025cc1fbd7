import { describe, expect, it } from 'vitest';
import { TOUR_NAMES as SERVER_TOUR_NAMES } from '@contracts/auth';
import { MOBILE_VARIANTS, TOUR_NAMES, TOURS } from './definitions';
import { isDone, leaveState, onStepPage, paramsOf, pickTour, startStep, stepPath } from './logic';

describe('tour definitions (spec 2.12)', () => {
  it('has the fifteen tours and the six mobile variants the server stores', () => {
    expect([...TOUR_NAMES].sort()).toEqual([...SERVER_TOUR_NAMES].sort());
    expect(TOUR_NAMES.filter((name) => !name.endsWith('-mobile'))).toHaveLength(15);
    expect(MOBILE_VARIANTS.map((name) => `${name}-mobile`).sort()).toEqual(
      TOUR_NAMES.filter((name) => name.endsWith('-mobile')).sort(),
    );
  });

  it('lists the workspaces steps as the spec does: menu, list, new, type, basic information', () => {
    expect(TOURS.workspaces.steps.map((step) => step.key)).toEqual([
      'menu',
      'list',
      'new',
      'type',
      'basic',
    ]);
    expect(TOURS.workspaces.steps[4].path).toBe('/workspaces/general');
  });

  it('lists the profile steps by page, starting at 0, 4, 6 and 8', () => {
    const pages = TOURS.profile.steps.map((step) => step.path);
    expect(pages.indexOf('/profile/basic-information')).toBe(0);
    expect(pages.indexOf('/profile/skills')).toBe(4);
    expect(pages.indexOf('/profile/availability')).toBe(6);
    expect(pages.indexOf('/profile/self-assessment')).toBe(8);
    expect(startStep('profile', '/profile/basic-information')).toBe(0);
    expect(startStep('profile', '/profile/skills')).toBe(4);
    expect(startStep('profile', '/profile/availability')).toBe(6);
    expect(startStep('profile', '/profile/self-assessment')).toBe(8);
  });
});

describe('which tour runs', () => {
  it('runs a tour once per first visit: not after it was finished or skipped', () => {
    expect(pickTour(TOUR_NAMES, '/workspaces', false, {})).toEqual({
      name: 'workspaces',
      step: 0,
    });
    expect(
      pickTour(TOUR_NAMES, '/workspaces', false, { workspaces: { status: 'finished' } }),
    ).toBeNull();
    expect(
      pickTour(TOUR_NAMES, '/workspaces', false, { workspaces: { status: 'skipped', step: 1 } }),
    ).toBeNull();
  });

  it('resumes a started tour at its saved step', () => {
    expect(
      pickTour(TOUR_NAMES, '/workspaces', false, { workspaces: { status: 'started', step: 3 } }),
    ).toEqual({ name: 'workspaces', step: 3 });
  });

  it('runs the mobile variant on phones, with its own state', () => {
    const seenOnDesktop = { workspaces: { status: 'finished' as const } };
    expect(pickTour(TOUR_NAMES, '/workspaces', true, seenOnDesktop)).toEqual({
      name: 'workspaces-mobile',
      step: 0,
    });
    const seenOnPhone = { 'workspaces-mobile': { status: 'skipped' as const } };
    expect(pickTour(TOUR_NAMES, '/workspaces', true, seenOnPhone)).toBeNull();
    expect(pickTour(TOUR_NAMES, '/workspaces', false, seenOnPhone)?.name).toBe('workspaces');
  });

  it('runs tours without a mobile variant on phones too', () => {
    expect(pickTour(TOUR_NAMES, '/profile/skills', true, {})).toEqual({ name: 'profile', step: 4 });
  });

  it('runs nothing on a page no tour starts on', () => {
    expect(pickTour(TOUR_NAMES, '/calendar', false, {})).toBeNull();
  });

  it('starts workspace tours on their pages', () => {
    expect(pickTour(TOUR_NAMES, '/workspaces/12/tasks', false, {})?.name).toBe('task');
    expect(pickTour(TOUR_NAMES, '/workspaces/12/tasks', true, {})?.name).toBe('task-mobile');
  });
});

describe('leaving a tour', () => {
  it('counts skipping on the last step as finishing', () => {
    expect(leaveState('workspaces', 4)).toEqual({ status: 'finished', step: 4 });
    expect(leaveState('workspaces', 2)).toEqual({ status: 'skipped', step: 2 });
    expect(isDone(leaveState('workspaces', 2))).toBe(true);
    expect(isDone({ status: 'started', step: 2 })).toBe(false);
  });
});

describe('forced navigation', () => {
  it('fills the workspace of the page the tour started on into the step address', () => {
    const params = paramsOf('/workspaces/12/dashboard');
    expect(params).toEqual({ workspace: '12' });
    const tasks = TOURS['workspace-tabs'].steps[1];
    expect(stepPath(tasks, params)).toBe('/workspaces/12/tasks');
    expect(onStepPage(tasks, '/workspaces/12/dashboard')).toBe(false);
    expect(onStepPage(tasks, '/workspaces/12/tasks')).toBe(true);
    expect(stepPath(tasks, {})).toBeNull();
  });
});
