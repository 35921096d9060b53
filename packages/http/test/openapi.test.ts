import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createBaseApp } from '../src/base-app.ts';
import { createLogger } from '../src/logging.ts';
import { documentGaps, type Endpoint, mountRoutes, openApiDocument } from '../src/openapi.ts';
import { bearerOnly } from './bearer-only.ts';

const authenticate = bearerOnly('t');
const THING: Endpoint = {
  method: 'get',
  path: '/api/public/things/:id',
  summary: 'A thing',
  tag: 'things',
  auth: 'bearer-or-basic',
  params: { id: v.string() },
  query: v.object({ limit: v.optional(v.string()), kind: v.picklist(['a', 'b']) }),
  responses: { 200: { description: 'The thing', json: v.object({ id: v.string(), n: v.number() }) } },
};

describe('documentGaps', () => {
  it('finds a route without an entry and an entry without a route', () => {
    const app = createBaseApp({ logger: createLogger('silent'), authenticate });
    expect(documentGaps(app)).toEqual({ undocumented: [], unrouted: [] });
    app.get('/v1/forgotten', (c) => c.json({}));
    mountRoutes(
      app,
      new Hono().get('/api/public/things/:id', (c) => c.json({})),
      [THING, { ...THING, method: 'delete' }],
    );
    expect(documentGaps(app)).toEqual({
      undocumented: ['GET /v1/forgotten'],
      unrouted: ['DELETE /api/public/things/{id}'],
    });
  });
});

describe('openApiDocument', () => {
  it('turns the valibot schemas into parameters (and the project header of an authenticated operation), bodies and responses, with the error body', () => {
    const doc = openApiDocument([THING], { title: 't', version: '1' }) as any;
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/api/public/things/{id}'].get;
    expect(op.security).toEqual([{ bearer: [] }, { basic: [] }]);
    expect(op.parameters).toEqual([
      {
        name: 'Spanhouse-Project',
        in: 'header',
        required: false,
        schema: { type: 'string' },
        description: expect.stringContaining('The project the bearer token acts on'),
      },
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
    ]);
    expect(op.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, n: { type: 'number' } },
      required: ['id', 'n'],
    });
    expect(op.responses.default.content['application/json'].schema.properties.code.enum).toContain('BAD_REQUEST');
  });

  it('refuses two entries for one operation', () => {
    expect(() => openApiDocument([THING, THING], { title: 't', version: '1' })).toThrow(/two OpenAPI entries/);
  });
});

describe('GET /openapi.json', () => {
  it('is served without credentials', async () => {
    const app = createBaseApp({ logger: createLogger('silent'), authenticate });
    const res = await app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/public/health', '/healthz', '/openapi.json', '/readyz']);
  });
});
