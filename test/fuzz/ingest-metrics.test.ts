import { TABLES } from '@spanhouse/db';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { jsonBodies, type RawBody } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, hostileString, RUNS } from '../support/fuzz/hostile.ts';
import { fuzzIngest } from '../support/fuzz/ingest-fuzz.ts';

// POST /v1/metrics/batch under >= 1000 malformed and hostile bodies, including SQL fragments and
// odd strings as label keys and values (which are stored as data, never as SQL).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('fuzz_metrics', { BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
});
afterAll(async () => app?.close());

const seed = (n: number) => ({
  metrics: [0, 1, 2].map((k) => ({
    name: `fz${n}_m`,
    labels: { host: `h${k}`, region: 'eu', req: `fz${n}_l` },
    value: k + 0.5,
    timestamp: `2026-04-01T10:00:0${k}Z`,
  })),
});

/** Valid structure, hostile label keys and values: must be stored as given or refused, never run. */
const hostileLabels: fc.Arbitrary<(n: number) => RawBody> = fc
  .dictionary(hostileString, hostileString, { minKeys: 1, maxKeys: 4 })
  .map((labels) => (n: number): RawBody => {
    const body = seed(n);
    for (const p of body.metrics) Object.assign(p.labels, labels);
    return {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
      note: `labels ${JSON.stringify(labels).slice(0, 150)}`,
    };
  });

it(`never answers 5xx and stores nothing of a refused request (${RUNS} bodies, seed ${FUZZ_SEED})`, {
  timeout: 180_000,
}, async () => {
  const result = await fuzzIngest({
    app,
    path: '/v1/metrics/batch',
    bodies: fc.oneof({ weight: 3, arbitrary: jsonBodies(seed) }, { weight: 1, arbitrary: hostileLabels }),
    storedSql: `SELECT DISTINCT toString(name) AS id FROM ${TABLES.metricSeries} UNION ALL SELECT DISTINCT toString(name) AS id FROM ${TABLES.metricSamples}`,
    markerOf: (id) => {
      const m = /^fz(\d+)_/.exec(id);
      return m ? Number(m[1]) : undefined;
    },
  });
  expect(result.accepted + result.refused).toBe(RUNS);
  console.log(`fuzz /v1/metrics/batch: ${JSON.stringify(result.statuses)}`);
});
