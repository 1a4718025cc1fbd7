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

const SOURCE = /^https?:\/\/[^\s;,']+$/;

/** Origins that may frame the page at a path besides the fixed list (none by default). */
type FrameAncestorsFor = (path: string) => readonly string[];
let extraFrameAncestors: FrameAncestorsFor = () => [];

/**
 * Who else may frame which page: the LTI area answers with the approved learning platforms
 * for every page, and with the launching platform alone for its launch pages.
 */
export function setExtraFrameAncestors(source: FrameAncestorsFor) {
  extraFrameAncestors = source;
}

function frameAncestorsFor(request: { url?: string }) {
  const path = (request.url ?? '/').split('?', 1)[0];
  return extraFrameAncestors(path)
    .filter((o) => SOURCE.test(o))
    .join(' ');
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
    frameAncestors: [...FRAME_ANCESTORS, frameAncestorsFor],
  },
};
