import { useSyncExternalStore } from 'react';

/** Spec 9 breakpoints in px. Mobile is xs only; tablet is md and down. */
export const BREAKPOINTS = { xs: 600, sm: 920, md: 1264, lg: 1904 } as const;

export type OperatingSystem = 'window' | 'mac' | 'linux';

/** Spec 2.7: the operating system is recorded as a page attribute (window, mac, linux). */
export function detectOperatingSystem(userAgent: string): OperatingSystem {
  if (/windows/i.test(userAgent)) return 'window';
  if (/mac os|macintosh|iphone|ipad/i.test(userAgent)) return 'mac';
  return 'linux';
}

export function markOperatingSystem(): void {
  document.documentElement.dataset.os = detectOperatingSystem(navigator.userAgent);
}

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.xs - 1}px)`;

function subscribeMobile(listener: () => void) {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

const isMobile = () => window.matchMedia(MOBILE_QUERY).matches;

/** Phones: narrower than the xs breakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, isMobile, () => false);
}
