import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The OpenAPI document, as the app serves it, passes an independent validator (the OpenAPI
 * 3.1 schema, and every `$ref` resolves), so client generators and gateways can read it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('validates, every reference resolving', async () => {
    const response = await t.app.inject({ url: '/api/v2/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    // The validator resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();

    // The trees that contain themselves point at named components, and those exist.
    const refs = new Set(JSON.stringify(document).match(/#\/components\/schemas\/[^"]+/g));
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(document.components.schemas, ref).toHaveProperty(ref.split('/').pop()!);
    }
    expect(document.components.schemas.OrgChartNode).not.toHaveProperty('$id');
  });
});
