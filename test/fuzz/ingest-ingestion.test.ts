import { IngestionResponse } from '@spanhouse/schema';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { checkAnswer, pool } from '../support/fuzz/answers.ts';
import { jsonBodies } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, RUNS } from '../support/fuzz/hostile.ts';

// POST /api/public/ingestion under >= 1000 malformed and hostile bodies (seeded; SPANHOUSE_FUZZ_SEED
// replays): never a 5xx, our error body on a refused request, and on a 207 every event answered
// once, as a success or an error (sdk-log events excepted).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('fuzz_ingestion', { BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
});
afterAll(async () => app?.close());

const at = '2026-04-01T10:00:00.000Z';
const seed = (n: number) => ({
  batch: [
    {
      id: `fz${n}_e0`,
      type: 'trace-create',
      timestamp: at,
      body: { id: `fz${n}_t`, name: 'fuzz', tags: ['a'], metadata: { k: 1 } },
    },
    {
      id: `fz${n}_e1`,
      type: 'generation-create',
      timestamp: at,
      body: {
        id: `fz${n}_g`,
        traceId: `fz${n}_t`,
        model: 'gpt-4o',
        usage: { promptTokens: 3 },
        input: [{ role: 'user' }],
      },
    },
    {
      id: `fz${n}_e2`,
      type: 'generation-update',
      timestamp: at,
      body: { id: `fz${n}_g`, endTime: at, usageDetails: { input: 1 }, level: 'ERROR' },
    },
    {
      id: `fz${n}_e3`,
      type: 'score-create',
      timestamp: at,
      body: { traceId: `fz${n}_t`, name: 'q', value: 1, dataType: 'BOOLEAN' },
    },
    { id: `fz${n}_e4`, type: 'sdk-log', timestamp: at, body: { log: 'x' } },
  ],
});

it(`never answers 5xx; a 207 answers every event (${RUNS} bodies, seed ${FUZZ_SEED})`, {
  timeout: 180_000,
}, async () => {
  const makers = fc.sample(jsonBodies(seed), { seed: FUZZ_SEED, numRuns: RUNS });
  const statuses: Record<number, number> = {};
  await pool(makers, 6, async (make, n) => {
    const raw = make(n);
    const res = await app.app.request('/api/public/ingestion', {
      method: 'POST',
      body: raw.body,
      headers: { ...bearer(), ...raw.headers },
    });
    const where = `#${n} (seed ${FUZZ_SEED}; ${raw.note})`;
    const { status, body } = await checkAnswer(res, where);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== 207) return;
    const answer = v.parse(IngestionResponse, body);
    // The body as the service read it (some bodies are sent compressed or as bytes).
    let sent: { batch: unknown[] };
    try {
      sent = JSON.parse(Buffer.from(raw.body as Uint8Array | string).toString('utf8'));
    } catch {
      return;
    }
    // Only sdk-log events may go unanswered (a valid one is dropped without an entry).
    const logs = sent.batch.filter((e) => (e as { type?: unknown } | null)?.type === 'sdk-log').length;
    const answered = answer.successes.length + answer.errors.length;
    expect(answered, where).toBeLessThanOrEqual(sent.batch.length);
    expect(answered, where).toBeGreaterThanOrEqual(sent.batch.length - logs);
    for (const e of answer.errors) expect([400, 404], where).toContain(e.status);
  });
  expect(statuses[207]).toBeGreaterThan(0);
  console.log(`fuzz /api/public/ingestion: ${JSON.stringify(statuses)}`);
});
