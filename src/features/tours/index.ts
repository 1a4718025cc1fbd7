/** Guided tours (spec 2.12): the host the signed-in frame mounts. */
export { TourHost } from './TourHost';
export { TOURS, MOBILE_VARIANTS } from './definitions';
