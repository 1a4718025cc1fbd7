/**
 * Where our pages may be framed: our own origin (the Teams host simulator in tests is served
 * from it) and the Teams and Microsoft 365 hosts Microsoft lists for tab apps. Nothing else.
 */
export const FRAME_ANCESTORS = [
  "'self'",
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook-sdf.office.com',
  'https://outlook-sdf.office365.com',
];

let extraFrameAncestors = '';

/**
 * Origins that may frame us besides the fixed list: the learning platforms registered as LTI
 * plugins (server/modules/lti keeps it current).
 */
export function setExtraFrameAncestors(origins: string[]) {
  extraFrameAncestors = origins.filter((o) => /^https?:\/\/[^\s;,']+$/.test(o)).join(' ');
}

export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    // Fluent UI (Griffel) injects its style rules at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    // teams-js fetches its list of trusted host origins from Microsoft's CDN.
    connectSrc: ["'self'", 'ws:', 'wss:', 'https://res.cdn.office.net'],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: [...FRAME_ANCESTORS, () => extraFrameAncestors],
  },
};
