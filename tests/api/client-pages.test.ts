import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/** A client build in miniature, laid out and compressed the way `vite build` leaves dist/. */
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('teamloop '.repeat(200))});`;
const TAB_PAGE = '<!doctype html><html><body><div id="tab"></div></body></html>';

function writeBuilt(root: string, file: string, content: string) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  writeFileSync(`${target}.br`, brotliCompressSync(content));
  writeFileSync(`${target}.gz`, gzipSync(content));
}

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'teamloop-client-'));
  writeBuilt(clientDir, 'index.html', INDEX);
  writeBuilt(clientDir, 'assets/main-Ab12Cd34.js', SCRIPT);
  writeBuilt(clientDir, 'tabs/config.html', TAB_PAGE);
  t = await createTestApp({ SERVE_CLIENT: 'true' }, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('page paths answer the app whatever the caller accepts', () => {
  it.each([
    ['/', { accept: '*/*' }],
    ['/', {}],
    ['/signin', { accept: 'text/html' }],
    ['/workspaces/12/tasks?view=board', { accept: 'application/json' }],
    ['/profile/general', { accept: '*/*', 'user-agent': 'curl/8.5.0' }],
    ['/no/such/page', { accept: '*/*' }],
  ])('GET %s %j → 200 index.html, never cached', async (url, headers) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('HEAD of a page path answers 200 without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const response = await get('/signin', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('keeps the JSON 404 for unknown API paths, in the caller’s language', async () => {
    for (const url of ['/api/v2/core/no-such-thing', '/api/unknown', '/api']) {
      const response = await get(url, { accept: 'text/html', language: 'vi' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.json().messages[0]).toMatch(/không tìm thấy/i);
    }
  });

  it('answers 404, not the page, for a missing asset or the socket path', async () => {
    for (const url of ['/assets/main-Gone0000.js', '/_socket_/nothing']) {
      const response = await get(url, { accept: '*/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 404 to other methods on a page path', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/signin', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('static files are sent as compressed at build time, hashed ones cached for good', () => {
  const script = '/assets/main-Ab12Cd34.js';

  it('brotli when accepted, with immutable caching', async () => {
    const response = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when only gzip is accepted', async () => {
    const response = await get(script, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('the file as it is when nothing is accepted', async () => {
    const response = await get(script);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('a script carries nosniff but not the document headers; pages keep them all', async () => {
    const asset = await get(script, { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const page = await get('/tabs/config.html');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const missing = await get('/assets/missing-Zz99.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the Teams tab pages like the app page: compressed, never cached', async () => {
    const response = await get('/tabs/config.html', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.rawPayload).toString()).toBe(TAB_PAGE);
  });
});
