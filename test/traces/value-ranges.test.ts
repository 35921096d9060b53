import { ErrorBody, TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * The edges of what a batch may hold. Times before 2001-09-09 (fewer than ten digits of epoch
 * seconds) and token counts of 1e21 and more once reached ClickHouse as text it refused: the whole
 * batch failed with a 500. Times in 1970..2199 are stored exactly; token counts are integers up to
 * Number.MAX_SAFE_INTEGER; anything outside is a 400 naming the field.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('value_ranges');
});
afterAll(() => t?.close());

async function detail(id: string) {
  const res = await t.get(`/api/public/traces/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(TraceDetail, res.body);
}

async function refused(body: unknown): Promise<string> {
  const res = await t.post('/v1/l/batch', body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(v.is(ErrorBody, res.body)).toBe(true);
  return res.body.message;
}

describe('times before 2001-09-09', () => {
  beforeAll(async () => {
    const y2k = await t.post('/v1/l/batch', {
      trace: { id: 'y2k', timestamp: '1999-12-31T23:59:59.123456Z', name: 'millennium' },
      observations: [
        {
          id: 'y2k-gen',
          type: 'GENERATION',
          startTime: '1999-12-31T23:59:59.123456Z',
          endTime: '2000-01-01T00:00:00.000001Z',
          promptTokens: 3,
          completionTokens: 4,
        },
      ],
    });
    expect(y2k.status, JSON.stringify(y2k.body)).toBe(200);
    const epoch = await t.post('/v1/l/batch', {
      trace: { id: 'epoch', timestamp: '1970-01-01T00:00:00Z' },
      observations: [{ id: 'epoch-span', startTime: '1970-01-01T00:00:00Z', endTime: '1970-01-01T00:00:00.000001Z' }],
    });
    expect(epoch.status, JSON.stringify(epoch.body)).toBe(200);
    const edge = await t.post('/v1/l/batch', {
      trace: { id: 'edge' },
      observations: [
        { id: 'edge-span', startTime: '2001-09-09T01:46:39.999999Z', endTime: '2001-09-09T01:46:40.000001Z' },
      ],
    });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  });

  it('a trace and observation at 1999-12-31 read back with their times to the microsecond', async () => {
    const trace = await detail('y2k');
    expect(trace.timestamp).toBe('1999-12-31T23:59:59.123Z');
    expect(trace.name).toBe('millennium');
    const [obs] = trace.observations;
    expect(obs?.startTime).toBe('1999-12-31T23:59:59.123Z');
    expect(obs?.endTime).toBe('2000-01-01T00:00:00.000Z');
    // The output keeps milliseconds; the latency shows the stored microseconds.
    expect(obs?.latency).toBeCloseTo(0.876545, 9);
    expect(obs?.usage).toEqual({ unit: 'TOKENS', input: 3, output: 4, total: 7 });
  });

  it('1970-01-01T00:00:00Z, the first time accepted, is stored as itself', async () => {
    const trace = await detail('epoch');
    expect(trace.timestamp).toBe('1970-01-01T00:00:00.000Z');
    expect(trace.observations[0]?.startTime).toBe('1970-01-01T00:00:00.000Z');
    expect(trace.observations[0]?.latency).toBeCloseTo(0.000001, 9);
  });

  it('an observation across 2001-09-09 01:46:40 (nine to ten digits of seconds) keeps its times', async () => {
    const trace = await detail('edge');
    expect(trace.timestamp).toBe('2001-09-09T01:46:39.999Z');
    expect(trace.observations[0]?.latency).toBeCloseTo(0.000002, 9);
  });

  it('fromTimestamp/toTimestamp before 2001 (and before 1970) filter the list, no 500', async () => {
    const list = async (query: string) => {
      const res = await t.get(`/api/public/traces?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return v
        .parse(TraceListResponse, res.body)
        .data.map((x) => x.id)
        .sort();
    };
    expect(await list('fromTimestamp=1999-12-31T00:00:00Z&toTimestamp=2000-01-01T00:00:00Z')).toEqual(['y2k']);
    expect(await list('fromTimestamp=1960-01-01T00:00:00Z&toTimestamp=1970-01-01T00:00:00.001Z')).toEqual(['epoch']);
    expect(await list('toTimestamp=2001-09-09T01:46:40Z')).toEqual(['edge', 'epoch', 'y2k']);
  });
});

describe('times outside 1970..2199 are refused with a 400 naming the field', () => {
  const obs = (fields: Record<string, unknown>) => ({
    trace: { id: 'out-of-range' },
    observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', ...fields }],
  });
  const cases: [string, unknown, RegExp][] = [
    [
      'trace timestamp before 1970',
      { trace: { id: 'out-of-range', timestamp: '1969-12-31T23:59:59.999999Z' } },
      /trace\.timestamp: must be between 1970-01-01T00:00:00Z and 2199/,
    ],
    [
      'startTime before 1970',
      obs({ startTime: '1900-01-01T00:00:00Z' }),
      /observations\.0\.startTime: must be between/,
    ],
    ['an offset that lands before 1970', obs({ startTime: '1970-01-01T00:30:00+01:00' }), /observations\.0\.startTime/],
    ['endTime in 2200', obs({ endTime: '2200-01-01T00:00:00Z' }), /observations\.0\.endTime: must be between/],
    ['a year past 2286 (eleven digits of seconds)', obs({ startTime: '2300-01-01T00:00:00Z' }), /startTime/],
  ];
  it.each(cases)('%s', async (_name, body, pattern) => {
    expect(await refused(body)).toMatch(pattern);
  });

  it('and nothing of them was stored', async () => {
    expect((await t.get('/api/public/traces/out-of-range')).status).toBe(404);
  });
});

describe('token counts', () => {
  it('Number.MAX_SAFE_INTEGER is stored exactly', async () => {
    const max = Number.MAX_SAFE_INTEGER;
    const res = await t.post('/v1/l/batch', {
      trace: { id: 'max-tokens' },
      observations: [
        { id: 'a', startTime: '2026-01-01T00:00:00Z', promptTokens: max, completionTokens: 0, totalTokens: max },
        { id: 'b', startTime: '2026-01-01T00:00:00Z', usageDetails: { input: 1, output: max } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trace = await detail('max-tokens');
    const usage = Object.fromEntries(trace.observations.map((o) => [o.id, o.usage]));
    expect(usage.a).toEqual({ unit: 'TOKENS', input: max, output: 0, total: max });
    // input + output past 2^53 is no longer exact in a double; it is still stored, not refused.
    expect(usage.b).toMatchObject({ input: 1, output: max });
  });

  const withTokens = (fields: Record<string, unknown>) => ({
    trace: { id: 'huge-tokens' },
    observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', ...fields }],
  });
  const cases: [string, unknown, RegExp][] = [
    [
      '1e21 prompt tokens',
      withTokens({ promptTokens: 1e21 }),
      /^observations\.0\.promptTokens: must be at most 9007199254740991/,
    ],
    ['2^64 completion tokens', withTokens({ completionTokens: 2 ** 64 }), /^observations\.0\.completionTokens: /],
    ['2^53 total tokens', withTokens({ totalTokens: 2 ** 53 }), /^observations\.0\.totalTokens: must be at most/],
    [
      '1e308 in usageDetails',
      withTokens({ usageDetails: { input: 1e308 } }),
      /^observations\.0\.usageDetails\.input: /,
    ],
  ];
  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, body, pattern) => {
    expect(await refused(body)).toMatch(pattern);
    expect((await t.get('/api/public/traces/huge-tokens')).status).toBe(404);
  });
});

describe('costs', () => {
  it('up to 1e12 USD per value is stored, input and output summed', async () => {
    const res = await t.post('/v1/l/batch', {
      trace: { id: 'big-cost' },
      observations: [
        { id: 'a', startTime: '2026-01-01T00:00:00Z', costDetails: { input: 1e12, output: 1e12 } },
        { id: 'b', startTime: '2026-01-01T00:00:00Z', costDetails: { total: 0.000001 } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trace = await detail('big-cost');
    const cost = Object.fromEntries(trace.observations.map((o) => [o.id, o.totalCost]));
    expect(cost).toEqual({ a: 2e12, b: 0.000001 });
    expect(trace.totalCost).toBeCloseTo(2e12 + 0.000001, 3);
  });

  // 1e308 + 1e308 overflowed to Infinity, which read back as a total cost of 0.
  const withCost = (costDetails: Record<string, unknown>) => ({
    trace: { id: 'huge-cost' },
    observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', costDetails }],
  });
  const cases: [string, unknown, RegExp][] = [
    ['1e21', withCost({ total: 1e21 }), /^observations\.0\.costDetails\.total: must be at most 1000000000000/],
    ['1e308 input', withCost({ input: 1e308, output: 1e308 }), /^observations\.0\.costDetails\.input: /],
    ['a negative cost', withCost({ output: -1 }), /^observations\.0\.costDetails\.output: must be >= 0/],
  ];
  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, body, pattern) => {
    expect(await refused(body)).toMatch(pattern);
    expect((await t.get('/api/public/traces/huge-cost')).status).toBe(404);
  });
});

describe('usage and cost kinds beyond input, output and total', () => {
  it('are kept and counted by the usage-kind rule, as the ingestion API counts them', async () => {
    const res = await t.post('/v1/l/batch', {
      trace: { id: 'kinds', timestamp: '2026-02-01T00:00:00Z', userId: 'kinds' },
      observations: [
        {
          id: 'kinds-gen',
          type: 'GENERATION',
          model: 'gpt-4o',
          startTime: '2026-02-01T00:00:00Z',
          usageDetails: { input: 100, output: 50, input_cached_tokens: 20, output_reasoning_tokens: 5 },
          costDetails: { input: 0.001, output: 0.002, input_cached_tokens: 0.0001 },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [o] = (await detail('kinds')).observations;
    expect(o!.usageDetails).toEqual({
      input: 100,
      output: 50,
      input_cached_tokens: 20,
      output_reasoning_tokens: 5,
      total: 175,
    });
    // The observation view, the list and the daily report count every kind naming input as input,
    // naming output as output (Langfuse's rule).
    expect(o!.usage).toMatchObject({ input: 120, output: 55, total: 175 });
    const list = await t.get('/api/public/traces?userId=kinds');
    expect(list.body.data[0].usage).toEqual({ input: 120, output: 55, total: 175 });
    expect(o!.costDetails).toMatchObject({ input: 0.001, output: 0.002, input_cached_tokens: 0.0001 });
    expect(o!.totalCost).toBeCloseTo(0.0031, 12);
    const daily = await t.get('/api/public/metrics/daily?userId=kinds');
    expect(daily.body.data[0].usage[0]).toMatchObject({ inputUsage: 120, outputUsage: 55, totalUsage: 175 });
  });

  it.each([
    [
      'a negative kind',
      { usageDetails: { input_cached_tokens: -1 } },
      /^observations\.0\.usageDetails\.input_cached_tokens: /,
    ],
    ['a fractional kind', { usageDetails: { audio: 1.5 } }, /^observations\.0\.usageDetails\.audio: /],
    ['a cost kind past 1e12', { costDetails: { cached: 2e12 } }, /^observations\.0\.costDetails\.cached: /],
  ])('%s: 400 naming it', async (_name, fields, pattern) => {
    const message = await refused({
      trace: { id: 'kinds-bad' },
      observations: [{ id: 'o', startTime: '2026-02-01T00:00:00Z', ...fields }],
    });
    expect(message).toMatch(pattern);
  });
});
