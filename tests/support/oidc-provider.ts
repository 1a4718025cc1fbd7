import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

/** A real OpenID Connect provider (the `oidc-provider` package) on a free local port. */
export async function startOidcProvider(options: { redirectUri: string; accounts: OidcAccount[] }) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'teamloop',
        client_secret: 'teamloop-secret',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = options.accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: 'teamloop',
    clientSecret: 'teamloop-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the person at the provider's own login and consent pages (its development
 * interactions), following redirects with a cookie jar until it comes back to our app.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  accountId: string,
  appUrl: string,
) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(appUrl)) return new URL(url);
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    remember(response);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html: string = await response.text();
    const action: string | undefined = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt: string | undefined = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt) throw new Error(`Unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
  }
  throw new Error('Too many redirects at the provider');
}
