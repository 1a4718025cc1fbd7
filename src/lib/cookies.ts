/** Small document.cookie helpers: the few cookies we keep are read and written only here. */

export interface CookieOptions {
  /** Lifetime in days; without it the cookie ends with the browser session. */
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      try {
        return decodeURIComponent(entry.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`];
  parts.push(`path=${options.path ?? '/'}`);
  if (options.days !== undefined) {
    parts.push(`max-age=${Math.round(options.days * 86_400)}`);
  }
  parts.push(`samesite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${options.path ?? '/'}; max-age=0`;
}

/**
 * Cookies that must reach us inside the Teams iframe are `SameSite=None; Secure`. Browsers
 * refuse that pair on plain-http origins other than localhost, so there we fall back to Lax.
 */
export function crossSiteCookieOptions(days: number): CookieOptions {
  return window.isSecureContext
    ? { days, sameSite: 'None', secure: true }
    : { days, sameSite: 'Lax', secure: false };
}
