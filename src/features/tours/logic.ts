import { matchPath } from 'react-router';
import type { TourName } from './definitions';
import { MOBILE_VARIANTS, PROFILE_START_STEPS, TOURS, type TourStep } from './definitions';

export type TourStatus = 'started' | 'finished' | 'skipped';
export interface SavedTour {
  status: TourStatus;
  step?: number;
}
export type TourStates = Record<string, SavedTour | null | undefined>;

/** Spec 2.12 delay: the tour looks again this long after the address changes. */
export const TOUR_REINIT_DELAY_MS = 500;
/** Spec 2.12 / 9: the card's width range. */
export const TOUR_CARD_MIN_WIDTH = 250;
export const TOUR_CARD_MAX_WIDTH = 320;

/** The tours a screen of this size runs: the mobile variants on phones, the others elsewhere. */
export function tourNameFor(base: TourName, mobile: boolean): TourName {
  if (!mobile) return base;
  return (MOBILE_VARIANTS as readonly string[]).includes(base)
    ? (`${base}-mobile` as TourName)
    : base;
}

export function isMobileVariant(name: TourName): boolean {
  return name.endsWith('-mobile');
}

/** A tour is done once finished or skipped; a started one resumes where it stopped. */
export function isDone(state: SavedTour | null | undefined): boolean {
  return state?.status === 'finished' || state?.status === 'skipped';
}

function matches(pattern: string, pathname: string): boolean {
  return matchPath({ path: pattern, end: true }, pathname) !== null;
}

/**
 * The tour that starts by itself on this page for this screen, or null: the first, in the
 * order of the names, that starts here, fits the screen (a mobile variant only on phones; on
 * phones, a tour with a mobile variant gives way to it) and has not been finished or skipped.
 * Mobile variants keep their own state, so a first visit on a phone runs the tour again.
 */
export function pickTour(
  names: readonly TourName[],
  pathname: string,
  mobile: boolean,
  states: TourStates,
): { name: TourName; step: number } | null {
  for (const name of names) {
    if (isMobileVariant(name) !== mobile && (isMobileVariant(name) || hasMobile(name))) continue;
    const tour = TOURS[name];
    if (!tour.startsOn.some((pattern) => matches(pattern, pathname))) continue;
    const state = states[name];
    if (isDone(state)) continue;
    const step =
      state?.status === 'started' && state.step !== undefined
        ? Math.min(state.step, tour.steps.length - 1)
        : startStep(name, pathname);
    return { name, step };
  }
  return null;
}

function hasMobile(name: TourName): boolean {
  return (MOBILE_VARIANTS as readonly string[]).includes(name);
}

/** Spec 2.12: the profile tour starts at step 0, 4, 6 or 8 by page; the others at 0. */
export function startStep(name: TourName, pathname: string): number {
  if (name !== 'profile') return 0;
  const page = Object.keys(PROFILE_START_STEPS).find((path) => matches(path, pathname));
  return page ? PROFILE_START_STEPS[page] : 0;
}

/**
 * What is saved when the person leaves the tour: closing or skipping before the last step is
 * skipping; skipping (or going next) on the last step counts as finishing.
 */
export function leaveState(name: TourName, step: number): SavedTour {
  const last = TOURS[name].steps.length - 1;
  return step >= last ? { status: 'finished', step: last } : { status: 'skipped', step };
}

/**
 * The address a step needs, its `:workspace` filled from where the tour started. Null when the
 * step stays on the current page (an empty path) or a parameter is unknown.
 */
export function stepPath(
  step: TourStep,
  params: Record<string, string | undefined>,
): string | null {
  if (!step.path) return null;
  let missing = false;
  const path = step.path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}

/** Whether the page at `pathname` is the one the step needs (no forced navigation then). */
export function onStepPage(step: TourStep, pathname: string): boolean {
  return !step.path || matches(step.path, pathname);
}

/** The workspace in an address under /workspaces/:workspace, for steps that need it. */
export function paramsOf(pathname: string): Record<string, string | undefined> {
  const match = matchPath({ path: '/workspaces/:workspace/*' }, pathname);
  const workspace = match?.params.workspace;
  return workspace && /^\d+$/.test(workspace) ? { workspace } : {};
}
