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

  it('names the Idempotency-Key header on the writes that take one, and on no other', async () => {
    const document = (await t.app.inject({ url: '/api/v2/openapi.json' })).json();
    const keyed: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const header = operation.parameters?.find(
          (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
        );
        if (!header) continue;
        keyed.push(`${method.toUpperCase()} ${path}`);
        expect(header.required ?? false, path).toBe(false);
        expect(header.schema, path).toMatchObject({ type: 'string', format: 'uuid' });
        expect(header.description, path).toMatch(/retries/);
      }
    }
    expect(keyed.sort()).toEqual([
      'POST /api/v2/core/assessments/{id}/questions',
      'POST /api/v2/core/key-results/{id}/answer',
      'POST /api/v2/core/subtasks/{id}/resubmit',
      'POST /api/v2/core/subtasks/{id}/resubmit_by_teammates',
      'POST /api/v2/core/subtasks/{id}/submit',
      'POST /api/v2/core/tasks/{id}/resubmit',
      'POST /api/v2/core/tasks/{id}/submit',
      'POST /api/v2/messaging/messages',
      'POST /api/v2/messaging/messages/files',
    ]);
  });
});

interface Operation {
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: object;
  }[];
}
