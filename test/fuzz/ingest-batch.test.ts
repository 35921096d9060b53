import { TABLES } from '@spanhouse/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { jsonBodies } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, RUNS } from '../support/fuzz/hostile.ts';
import { fuzzIngest } from '../support/fuzz/ingest-fuzz.ts';

// POST /v1/l/batch under >= 1000 malformed and hostile bodies (seeded; SPANHOUSE_FUZZ_SEED replays).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('fuzz_batch', { BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
});
afterAll(async () => app?.close());

const seed = (n: number) => ({
  trace: {
    id: `fz${n}_t`,
    timestamp: '2026-04-01T10:00:00Z',
    name: 'fuzz',
    userId: 'u1',
    session_id: 's1',
    tags: ['a', 'b'],
    metadata: { k: 'v', nested: { x: 1 } },
    release: 'r1',
    version: 'v1',
    environment: 'prod',
  },
  observations: [
    { id: `fz${n}_o0`, type: 'SPAN', name: 'root', startTime: '2026-04-01T10:00:00Z', endTime: '2026-04-01T10:00:01Z' },
    {
      id: `fz${n}_o1`,
      traceId: `fz${n}_t`,
      type: 'GENERATION',
      name: 'llm',
      model: 'gpt-4o-mini',
      startTime: '2026-04-01T10:00:00.100Z',
      endTime: '2026-04-01T10:00:00.900Z',
      input: { role: 'user', content: 'hi' },
      output: 'hello',
      promptTokens: 10,
      completionTokens: 5,
      totalTokens: 15,
      parentObservationId: `fz${n}_o0`,
      metadata: { a: 1 },
    },
  ],
});

it(`never answers 5xx and stores nothing of a refused request (${RUNS} bodies, seed ${FUZZ_SEED})`, {
  timeout: 180_000,
}, async () => {
  const result = await fuzzIngest({
    app,
    path: '/v1/l/batch',
    bodies: jsonBodies(seed),
    storedSql: `SELECT id FROM ${TABLES.traces} UNION ALL SELECT id FROM ${TABLES.observationPieces} UNION ALL SELECT trace_id AS id FROM ${TABLES.observationPieces}`,
    markerOf: (id) => {
      const m = /^fz(\d+)_/.exec(id);
      return m ? Number(m[1]) : undefined;
    },
  });
  expect(result.accepted + result.refused).toBe(RUNS);
  console.log(`fuzz /v1/l/batch: ${JSON.stringify(result.statuses)}`);
});
