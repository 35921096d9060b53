import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBaseApp, documentGaps } from '@spanhouse/http';
import { createIngestDeps, registerIngestRoutes } from '@spanhouse/ingest-api';
import { registerQueryRoutes } from '@spanhouse/query-api';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// The OpenAPI document against the routes that exist, and a client generated from it.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('openapi');
});
afterAll(async () => app?.close());

const fetchDocument = async () => {
  const res = await app.app.request('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
};

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document served without credentials', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/public/traces/{traceId}');
  });

  it('has an entry for every route of the all-in-one service, and a route for every entry', () => {
    expect(documentGaps(app.app)).toEqual({ undocumented: [], unrouted: [] });
  });

  it('has the same for the ingest and the query service on their own (server mode)', async () => {
    const deps = { logger: app.ingest.logger, authenticate: app.projects.authenticate };
    const query = createBaseApp(deps);
    registerQueryRoutes(query, {
      db: app.db,
      config: app.config,
      logger: app.ingest.logger,
      projects: app.projects.registry,
    });
    expect(documentGaps(query)).toEqual({ undocumented: [], unrouted: [] });
    // A second ingest process of its own: its own log directory (the all-in-one holds the first).
    const config = {
      ...app.config,
      ingest: { ...app.config.ingest, logDir: `${app.config.dataDir}/ingest-log-alone` },
    };
    const ingestDeps = await createIngestDeps({
      db: app.db,
      config,
      logger: app.ingest.logger,
      authenticate: app.projects.authenticate,
    });
    try {
      const ingest = createBaseApp(deps);
      registerIngestRoutes(ingest, ingestDeps);
      expect(documentGaps(ingest)).toEqual({ undocumented: [], unrouted: [] });
    } finally {
      await ingestDeps.log.close(1_000);
    }
  });
});

describe('a client generated from the document', () => {
  it('type-checks typed calls of every kind of endpoint, and refuses wrong ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-openapi-'));
    try {
      writeFileSync(
        path.join(dir, 'api.d.ts'),
        astToString(await openapiTS((await fetchDocument()) as unknown as OpenAPI3)),
      );
      // Typed calls as a client would write them; each @ts-expect-error must be an error, and
      // nothing else may be.
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';

type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
} ? B : never;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;

export async function listTraces(base: string, query: Query<'/api/public/traces'>) {
  const res = await fetch(\`\${base}/api/public/traces?\${new URLSearchParams(query as Record<string, string>)}\`);
  const body = (await res.json()) as Json<'/api/public/traces', 'get'>;
  const id: string = body.data[0]!.id;
  const total: number = body.meta.totalItems;
  return { id, total };
}

const q: Query<'/api/public/metrics/query'> = { name: 'cpu', step: '5m', agg: 'p99', group_by: 'host' };
// @ts-expect-error step is one of 1m, 5m, 1h, 1d
const badStep: Query<'/api/public/metrics/query'> = { name: 'cpu', step: '10s' };
// @ts-expect-error a metrics query needs its name
const noName: Query<'/api/public/metrics/query'> = { step: '5m' };
type Series = Json<'/api/public/metrics/query', 'get'>['data'][number];
const point: Series['values'][number] = { timestamp: '2026-01-01T00:00:00.000+00:00', value: null };
const truncated: boolean = ({} as Json<'/api/public/metrics/query', 'get'>).meta.truncated;
type Batch = paths['/v1/l/batch']['post']['requestBody']['content']['application/json'];
const batch: Batch = { trace: { id: 't1' }, observations: [{ id: 'o1', startTime: '2026-01-01T00:00:00Z' }] };
// @ts-expect-error a trace needs its id
const noId: Batch = { trace: { name: 'x' } };
type Points = paths['/v1/metrics/batch']['post']['requestBody']['content']['application/json'];
const points: Points = { metrics: [{ name: 'cpu', labels: { host: 'a' }, value: 1, timestamp: '2026-01-01T00:00:00Z' }] };
const count: number = ({} as Json<'/v1/metrics/batch', 'post'>).count;
const day: string = ({} as Json<'/api/public/metrics/daily', 'get'>).data[0]!.date;
const names: string[] = ({} as Json<'/api/public/metrics/names', 'get'>).data;
const detail: string | null = ({} as Json<'/api/public/traces/{traceId}', 'get'>).observations[0]!.parentObservationId;
export { q, badStep, noName, point, truncated, batch, noId, points, count, day, names, detail };
`,
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
