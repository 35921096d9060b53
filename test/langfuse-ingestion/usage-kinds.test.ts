import { DailyResponse, IngestionResponse, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * Usage kinds beyond `input` and `output` (cached, audio, reasoning tokens), sent through the
 * Langfuse ingestion API: the daily report and the trace list count every kind whose name contains
 * "input" as input and every kind containing "output" as output, as Langfuse does. Once for a
 * generation sent in one event (the report reads the per-model summaries; its cost is computed per
 * kind, test/traces/cost-per-kind.test.ts) and once for a generation sent as create then update (it
 * reads the per-observation maps; the update's usage is priced at the create's model, and kind
 * names match prices exactly: `Output_Reasoning_Tokens` and `INPUT_audio` have none).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('usage_kinds');
});
afterAll(() => t?.close());

let n = 0;
const ev = (type: string, body: Record<string, unknown>, timestamp = '2026-04-01T10:00:00.000Z') => ({
  id: `ev-${++n}`,
  type,
  timestamp,
  body,
});
const ingest = async (batch: unknown[]) => {
  const res = await t.post('/api/public/ingestion', { batch });
  expect(res.status).toBe(207);
  expect(v.parse(IngestionResponse, res.body).errors).toEqual([]);
};
// gpt-4o's default prices per token: input, output, and cached input.
const cost4o = (input: number, output: number, cached = 0) => input * 2.5e-6 + output * 10e-6 + cached * 1.25e-6;

async function dailyOf(date: string) {
  const res = await t.get(
    `/api/public/metrics/daily?fromTimestamp=${date}T00:00:00Z&toTimestamp=${date}T23:59:59Z&nocache=1`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data } = v.parse(DailyResponse, res.body);
  expect(data.map((d) => d.date)).toEqual([date]);
  return data[0]!;
}

async function listUsage(id: string) {
  const res = await t.get('/api/public/traces?fields=core,metrics&limit=50');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = v.parse(TraceListResponse, res.body).data.find((x) => x.id === id);
  expect(item, id).toBeDefined();
  return { usage: item!.usage, totalCost: item!.totalCost };
}

describe('usage kinds in the daily report and the trace list', () => {
  it('a generation sent once: cached and reasoning kinds count as input and output, and are priced', async () => {
    await ingest([
      ev('trace-create', { id: 'kinds-once', name: 'chat', timestamp: '2026-04-01T10:00:00.000Z' }),
      ev('generation-create', {
        id: 'kinds-once-gen',
        traceId: 'kinds-once',
        model: 'gpt-4o',
        startTime: '2026-04-01T10:00:00.000Z',
        endTime: '2026-04-01T10:00:01.000Z',
        usageDetails: { input: 100, output: 50, input_cached_tokens: 20, output_reasoning_tokens: 8 },
      }),
    ]);
    const day = await dailyOf('2026-04-01');
    expect(day.usage).toHaveLength(1);
    expect(day.usage[0]).toMatchObject({
      model: 'gpt-4o',
      inputUsage: 120,
      outputUsage: 58,
      // The given kinds' sum: no total was given.
      totalUsage: 178,
      countObservations: 1,
      countTraces: 1,
    });
    // Reasoning tokens at the output price.
    expect(day.usage[0]!.totalCost).toBeCloseTo(cost4o(100, 50 + 8, 20), 12);
    expect(day.totalCost).toBeCloseTo(cost4o(100, 50 + 8, 20), 12);

    const listed = await listUsage('kinds-once');
    expect(listed.usage).toEqual({ input: 120, output: 58, total: 178 });
    expect(listed.totalCost).toBeCloseTo(cost4o(100, 50 + 8, 20), 12);
  });

  it('a generation sent as create then update: the same counting from the per-observation maps', async () => {
    await ingest([
      ev('trace-create', { id: 'kinds-twice', name: 'chat', timestamp: '2026-04-02T10:00:00.000Z' }),
      ev('generation-create', {
        id: 'kinds-twice-gen',
        traceId: 'kinds-twice',
        model: 'gpt-4o',
        startTime: '2026-04-02T10:00:00.000Z',
      }),
    ]);
    await ingest([
      ev(
        'generation-update',
        {
          id: 'kinds-twice-gen',
          traceId: 'kinds-twice',
          endTime: '2026-04-02T10:00:02.000Z',
          usageDetails: { input: 200, output: 30, INPUT_audio: 5, Output_Reasoning_Tokens: 7, total: 250 },
        },
        '2026-04-02T10:00:02.000Z',
      ),
    ]);
    const day = await dailyOf('2026-04-02');
    expect(day.usage).toHaveLength(1);
    expect(day.usage[0]).toMatchObject({
      model: 'gpt-4o',
      inputUsage: 205,
      outputUsage: 37,
      // The given total.
      totalUsage: 250,
      countObservations: 1,
      countTraces: 1,
    });
    expect(day.usage[0]!.totalCost).toBeCloseTo(cost4o(200, 30), 12);

    const listed = await listUsage('kinds-twice');
    expect(listed.usage).toEqual({ input: 205, output: 37, total: 250 });
    expect(listed.totalCost).toBeCloseTo(cost4o(200, 30), 12);
  });
});
