import { randomBytes } from 'node:crypto';
import type { TFunction } from 'i18next';

/** Refusals a teacher or platform admin can act on; each has a page in en and vi. */
export const LAUNCH_ERRORS = [
  'unknown_issuer',
  'unknown_deployment',
  'clock_skew',
  'cookie_blocked',
  'state_mismatch',
  'invalid_token',
  'unknown_key',
  'replayed',
  'unsupported_message',
  'course_not_ready',
  'platform_unreachable',
  'registration_failed',
] as const;
export type LaunchErrorCode = (typeof LAUNCH_ERRORS)[number];

export class LaunchError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    readonly status = 400,
    readonly detail?: Record<string, string>,
  ) {
    super(code);
  }
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The visitor's language and its words (an HTTP request carries both). */
export interface PageWords {
  lang: string;
  t: TFunction;
}

/** An HTML page of ours: its status, its content security policy and its markup. */
export interface HtmlPage {
  status: number;
  csp: string;
  html: string;
}

function page(
  status: number,
  lang: string,
  title: string,
  body: string,
  options: { nonce?: string; formAction?: string } = {},
) {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    options.nonce ? `script-src 'nonce-${options.nonce}'` : "script-src 'none'",
    `form-action ${options.formAction ?? "'self'"}`,
    // These pages show inside the platform's iframe, whichever platform it is.
    'frame-ancestors *',
    "base-uri 'none'",
  ].join('; ');
  return {
    status,
    csp,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>` +
      `<style>body{font-family:"Segoe UI",system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#242424}h1{font-size:1.4rem}a.button,button{display:inline-block;background:#5b5fc7;color:#fff;border:0;border-radius:4px;padding:.5rem 1rem;font-size:1rem;text-decoration:none;cursor:pointer}code{background:#f0f0f0;padding:0 .25rem}</style></head><body>${body}</body></html>`,
  };
}

/** A refusal as a page that says what went wrong and what to do, in the visitor's language. */
export function errorPage(words: PageWords, error: LaunchError): HtmlPage {
  const t = words.t;
  const params = { ...(error.detail ?? {}) };
  const title = t(`lti:errors.${error.code}.title`, params);
  const what = t(`lti:errors.${error.code}.what`, params);
  const todo = t(`lti:errors.${error.code}.todo`, params);
  let extra = '';
  if (error.code === 'cookie_blocked' && error.detail?.relaunch_url) {
    extra = `<p><a class="button" href="${escape(error.detail.relaunch_url)}" target="_blank" rel="noopener">${escape(t('lti:errors.cookie_blocked.open'))}</a></p>`;
  }
  return page(
    error.status,
    words.lang,
    title,
    `<main><h1>${escape(title)}</h1><p>${escape(what)}</p><p>${escape(todo)}</p>${extra}<p><small>${escape(t('lti:errors.code', { code: error.code }))}</small></p></main>`,
  );
}

/** A page that posts a form at once (deep-linking response), with a button if scripts are off. */
export function autoPostPage(
  words: PageWords,
  action: string,
  fields: Record<string, string>,
): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  const origin = new URL(action).origin;
  return page(
    200,
    words.lang,
    words.t('lti:pages.returning'),
    `<form id="f" method="post" action="${escape(action)}">${inputs}<p>${escape(words.t('lti:pages.returning'))}</p><button type="submit">${escape(words.t('lti:pages.continue'))}</button></form><script nonce="${nonce}">document.getElementById('f').submit()</script>`,
    { nonce, formAction: origin },
  );
}

/** The end of a dynamic registration: tell the platform's window we are done. */
export function registrationDonePage(words: PageWords, name: string): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  return page(
    200,
    words.lang,
    words.t('lti:pages.registered_title'),
    `<main><h1>${escape(words.t('lti:pages.registered_title'))}</h1><p>${escape(words.t('lti:pages.registered', { name }))}</p></main><script nonce="${nonce}">(window.opener||window.parent).postMessage({subject:'org.imsglobal.lti.close'},'*')</script>`,
    { nonce },
  );
}
