import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@contracts/endpoint';
import { createTestApp, type TestApp } from '../support/test-app';

/** Every endpoint the contracts declare (the client calls only these), named by where it is. */
function declaredEndpoints(): [string, Endpoint][] {
  const modules = import.meta.glob<Record<string, unknown>>('../../contracts/endpoints/*.ts', {
    eager: true,
  });
  const found: [string, Endpoint][] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!name.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
      for (const [key, declared] of Object.entries(value as Record<string, Endpoint>)) {
        found.push([`${file.replace('../../contracts/endpoints/', '')} ${name}.${key}`, declared]);
      }
    }
  }
  return found;
}

describe('API endpoints declared in the contracts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const endpoints = declaredEndpoints();

  it('are found in the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(50);
  });

  it.each(endpoints)('%s is a route the server registers', (_, { method, path }) => {
    expect(testApp.app.hasRoute({ method, url: `/api/v2/${path}` }), `${method} ${path}`).toBe(
      true,
    );
  });

  it('leave no route declared twice', () => {
    const routes = endpoints.map(([, { method, path }]) => `${method} ${path}`);
    expect(routes.length - new Set(routes).size).toBe(0);
  });
});
