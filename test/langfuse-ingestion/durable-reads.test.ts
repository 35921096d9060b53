import { IngestionResponse, TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

/*
 * A 200 (207) means durable, not yet readable. The Langfuse writes read ingest's own tables in three
 * places (the trace of an observation an earlier request created, for an update that names none;
 * the model of a generation an earlier request created, for an update that brings its usage; the
 * score a DELETE names): those reads must see what was acknowledged before them even while
 * the rows wait in the ingest log. Inserts here start at most every 3 s per table, and a first
 * write starts each table's interval, so the writes under test stay uncommitted for seconds.
 */
const DURABLE = { 'Spanhouse-Wait': 'durable' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('ingestion_durable_reads', {
    INGEST_FLUSH_INTERVAL_MS: '3000',
    // Admission refuses once the backlog is older than this: with it at its default, equal to the
    // interval, a loaded machine refuses the writes under test.
    INGEST_MAX_BACKLOG_MS: '30000',
  });
  // Starts the interval of every table the Langfuse writes use (and waits for its commit).
  const warm = await t.post('/api/public/ingestion', {
    batch: [
      ev('trace-create', { id: 'warm' }),
      ev('span-create', { id: 'warm-span', traceId: 'warm' }),
      ev('score-create', { id: 'warm-score', traceId: 'warm', name: 'q', value: 1 }),
    ],
  });
  expect(warm.body.errors).toEqual([]);
});
afterAll(() => t?.close());

let n = 0;
function ev(type: string, body: Record<string, unknown>) {
  return { id: `ev-${++n}`, type, timestamp: new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString(), body };
}
const ingest = async (batch: unknown[]) => {
  const res = await t.post('/api/public/ingestion', { batch }, DURABLE);
  expect(res.status).toBe(207);
  return v.parse(IngestionResponse, res.body);
};

describe('reads of acknowledged, not yet committed Langfuse writes', () => {
  it('an update without a traceId finds the create an earlier request made', async () => {
    const created = await ingest([
      ev('trace-create', { id: 'late' }),
      ev('span-create', { id: 'late-span', traceId: 'late' }),
    ]);
    expect(created.errors).toEqual([]);
    const updated = await ingest([ev('span-update', { id: 'late-span', output: { done: true }, level: 'WARNING' })]);
    expect(updated.errors).toEqual([]);
    expect(updated.successes).toHaveLength(1);
    // Merged into its create once both are committed.
    await eventually(async () => {
      const res = await t.get('/api/public/traces/late');
      expect(res.status).toBe(200);
      const trace = v.parse(TraceDetail, res.body);
      expect(trace.observations).toHaveLength(1);
      expect(trace.observations[0]).toMatchObject({ id: 'late-span', output: { done: true }, level: 'WARNING' });
    });
  });

  it('an update with the usage finds the model an earlier request gave: its usage is priced per kind', async () => {
    const created = await ingest([
      ev('trace-create', { id: 'late-gen' }),
      ev('generation-create', { id: 'late-gen-1', traceId: 'late-gen', model: 'o4-mini' }),
    ]);
    expect(created.errors).toEqual([]);
    const updated = await ingest([
      ev('generation-update', {
        id: 'late-gen-1',
        usageDetails: { input: 200, input_cached_tokens: 1000, output: 180, output_reasoning_tokens: 320 },
      }),
    ]);
    expect(updated.errors).toEqual([]);
    // o4-mini: $1.10 input, $0.275 cached input, $4.40 output (reasoning too) per million tokens.
    await eventually(async () => {
      const res = await t.get('/api/public/traces/late-gen');
      expect(res.status).toBe(200);
      const trace = v.parse(TraceDetail, res.body);
      expect(trace.observations[0]?.costDetails).toEqual({
        input: 0.00022,
        input_cached_tokens: 0.000275,
        output: 0.000792,
        output_reasoning_tokens: 0.001408,
        total: 0.002695,
      });
      expect(trace.totalCost).toBe(0.002695);
    });
  });

  it('a DELETE finds the score a request just stored', async () => {
    const res = await t.post('/api/public/scores', { id: 'fresh', traceId: 'warm', name: 'q', value: 0.5 }, DURABLE);
    expect(res.status).toBe(200);
    const deleted = await t.request('/api/public/scores/fresh', { method: 'DELETE', headers: DURABLE });
    expect(deleted.status).toBe(202);
    await eventually(async () => expect((await t.get('/api/public/v2/scores/fresh')).status).toBe(404));
  });
});
