import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * A link's title, fetched by the server for a preview (docs/decisions/chat.md): only http(s)
 * on the default ports, only to public addresses (every address the name resolves to is
 * checked, and the connection goes to the checked one, so a name cannot be re-pointed at a
 * private address between the check and the request), no redirects, a short timeout, at most
 * `MAX_BYTES` read, only HTML, and only the <title> kept.
 */
export const PREVIEW_TIMEOUT_MS = 3000;
export const MAX_BYTES = 256 * 1024;

export function firstLink(text: string): string | null {
  const match = /\bhttps?:\/\/[^\s<>"']+/i.exec(text);
  return match ? match[0].replace(/[),.;:!?]+$/, '') : null;
}

/** Whether an address is on the public internet (not loopback, private, link-local, ...). */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    if (a === 0 || a === 10 || a === 127) return false;
    if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 192 && b === 0) return false;
    if (a === 198 && (b === 18 || b === 19)) return false;
    if (a >= 224) return false; // multicast, reserved, broadcast
    return true;
  }
  if (net.isIPv6(address)) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPublicAddress(mapped[1]);
    if (lower === '::' || lower === '::1') return false;
    if (/^f[cd]/.test(lower)) return false; // unique local
    if (/^fe[89ab]/.test(lower)) return false; // link-local
    if (/^ff/.test(lower)) return false; // multicast
    if (lower.startsWith('64:ff9b:') || lower.startsWith('2001:db8')) return false;
    return true;
  }
  return false;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export async function fetchTitle(
  url: string,
  options: {
    resolve?: Resolver;
    allowAddress?: (address: string) => boolean;
    /** Tests only: the port the checked address is reached on (a local stand-in server). */
    port?: number;
  } = {},
): Promise<string | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.port && target.port !== '80' && target.port !== '443') return null;
  if (target.username || target.password) return null;
  const allowed = options.allowAddress ?? isPublicAddress;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = net.isIP(host)
      ? [{ address: host, family: net.isIP(host) }]
      : await (options.resolve ?? systemResolver)(host);
  } catch {
    return null;
  }
  if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) return null;
  const chosen = addresses[0];
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (title: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(title);
    };
    const request = client.get(
      target,
      {
        ...(options.port ? { port: options.port } : {}),
        headers: { 'user-agent': 'TeamloopLinkPreview/1.0', accept: 'text/html' },
        // Connect to the address that was checked, whatever the name resolves to now.
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) {
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              chosen,
            ]);
          } else {
            callback(null, chosen.address, chosen.family);
          }
        },
      },
      (response) => {
        const type = String(response.headers['content-type'] ?? '');
        if ((response.statusCode ?? 0) >= 300 || !type.includes('text/html')) return done(null);
        let body = '';
        let size = 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          size += Buffer.byteLength(chunk);
          body += chunk;
          const title = titleOf(body);
          if (title !== undefined) return done(title);
          if (size >= MAX_BYTES) done(null);
        });
        response.on('end', () => done(titleOf(body) ?? null));
        response.on('error', () => done(null));
      },
    );
    request.on('error', () => done(null));
    const timer = setTimeout(() => done(null), PREVIEW_TIMEOUT_MS);
  });
}

/** The decoded text of <title>, undefined while it has not been read whole yet. */
function titleOf(html: string): string | null | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!match) return /<\/head>/i.test(html) ? null : undefined;
  const text = match[1]
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return text || null;
}
