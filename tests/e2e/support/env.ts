import path from 'node:path';

/** Where the e2e server listens and keeps its data; playwright.config.ts sets both once per run. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright');
  return dir;
}

export const outboxDir = () => path.join(e2eDataDir(), 'outbox');

/** The single sign-on provider the e2e server trusts (a real oidc-provider), and its person. */
export const OIDC_DISPLAY_NAME = 'Campus login';
export const OIDC_PERSON = {
  sub: 'katherine',
  email: 'katherine.johnson@example.com',
  email_verified: true,
  given_name: 'Katherine',
  family_name: 'Johnson',
};
