import { IngestionResponse, TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, type TestApp } from '../support/app.ts';

/*
 * POST /api/public/ingestion over raw HTTP (the app in-process): Langfuse's 207 per event, bad
 * events skipped, updates merged into their creates whatever the order, re-sends idempotent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('ingestion_batch');
});
afterAll(() => t?.close());

let n = 0;
const ev = (type: string, body: Record<string, unknown>, timestamp = '2026-03-01T10:00:00.000Z') => ({
  id: `ev-${++n}`,
  type,
  timestamp,
  body,
});
const ingest = async (batch: unknown[], headers: Record<string, string> = {}) => {
  const res = await t.post('/api/public/ingestion', { batch }, headers);
  return { status: res.status, body: res.body as v.InferOutput<typeof IngestionResponse> };
};
const trace = async (id: string) => {
  const res = await t.get(`/api/public/traces/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(TraceDetail, res.body);
};

describe('POST /api/public/ingestion', () => {
  it('answers 207 with every good event a success and every bad one an error naming the field; good ones are stored', async () => {
    const good = [
      ev('trace-create', { id: 'mix', name: 'mixed', userId: 'u-1', tags: ['a'] }),
      ev('span-create', { id: 'mix-span', traceId: 'mix', name: 'step', startTime: '2026-03-01T10:00:00.000Z' }),
      ev('score-create', { id: 'mix-score', traceId: 'mix', name: 'quality', value: 0.8 }),
    ];
    const bad = [
      ev('span-create', { traceId: 'mix', name: 'no id' }),
      ev('score-create', { traceId: 'mix', name: 'flag', value: 3, dataType: 'BOOLEAN' }),
      ev('no-such-type', { id: 'x' }),
      { id: 'ev-broken', type: 'trace-create', timestamp: 'yesterday', body: { id: 'mix' } },
    ];
    const res = await ingest([good[0], bad[0], good[1], bad[1], good[2], bad[2], bad[3], ev('sdk-log', { log: 'hi' })]);
    expect(res.status).toBe(207);
    v.parse(IngestionResponse, res.body);
    expect(res.body.successes.map((s) => s.id).sort()).toEqual(good.map((e) => e.id).sort());
    expect(res.body.successes.every((s) => s.status === 201)).toBe(true);
    const errors = Object.fromEntries(res.body.errors.map((e) => [e.id, e]));
    expect(Object.keys(errors).sort()).toEqual(bad.map((e) => e.id).sort());
    expect(errors[bad[0]!.id]).toMatchObject({ status: 400, message: 'Invalid request data' });
    expect(String(errors[bad[0]!.id]!.error)).toContain('body.id');
    expect(String(errors[bad[1]!.id]!.error)).toContain('value: must be 0 or 1 for dataType BOOLEAN');
    expect(String(errors[bad[2]!.id]!.error)).toContain('type');
    expect(String(errors['ev-broken']!.error)).toContain('timestamp');

    const stored = await trace('mix');
    expect(stored).toMatchObject({ name: 'mixed', userId: 'u-1', tags: ['a'] });
    expect(stored.observations.map((o) => o.id)).toEqual(['mix-span']);
    expect(stored.scores).toMatchObject([{ id: 'mix-score', name: 'quality', value: 0.8, dataType: 'NUMERIC' }]);
  });

  it('an empty batch is 207 with both lists empty; a body without a batch array is a plain 400', async () => {
    expect(await ingest([])).toEqual({ status: 207, body: { successes: [], errors: [] } });
    const noBatch = await t.post('/api/public/ingestion', { events: [] });
    expect(noBatch.status).toBe(400);
    expect(noBatch.body).toMatchObject({ code: 'BAD_REQUEST', data: null });
    expect(noBatch.body.message).toContain('batch');
    expect((await t.post('/api/public/ingestion', '{not json')).status).toBe(400);
  });

  it('no credentials is 401; Basic with the key pair and the SDK headers is accepted', async () => {
    const res = await t.app.request('/api/public/ingestion', {
      method: 'POST',
      body: JSON.stringify({ batch: [] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(401);
    const sdk = await ingest([], {
      ...basic(),
      'x-langfuse-sdk-name': 'langfuse-js',
      'x-langfuse-sdk-version': '3.39.2',
      'x-langfuse-public-key': 'pk-test',
    });
    expect(sdk.status).toBe(207);
  });

  it('an update merges into its create whatever the order, requests apart: end, output, usage, level', async () => {
    const create = ev(
      'generation-create',
      {
        id: 'gen-late',
        traceId: 'order',
        name: 'answer',
        model: 'gpt-4o',
        startTime: '2026-03-01T10:00:00.000Z',
        input: [{ role: 'user', content: 'hi' }],
        modelParameters: { temperature: 0.1 },
      },
      '2026-03-01T10:00:00.000Z',
    );
    const update = ev(
      'generation-update',
      {
        id: 'gen-late',
        traceId: 'order',
        endTime: '2026-03-01T10:00:02.000Z',
        completionStartTime: '2026-03-01T10:00:00.500Z',
        output: { role: 'assistant', content: 'hello' },
        usage: { promptTokens: 100, completionTokens: 40 },
        level: 'WARNING',
        statusMessage: 'slow',
      },
      '2026-03-01T10:00:02.000Z',
    );
    // The update first, in its own request; then the create.
    expect((await ingest([update])).body.errors).toEqual([]);
    expect((await ingest([create])).body.errors).toEqual([]);
    const stored = await trace('order');
    expect(stored.observations).toHaveLength(1);
    const [gen] = stored.observations;
    expect(gen).toMatchObject({
      type: 'GENERATION',
      name: 'answer',
      model: 'gpt-4o',
      modelParameters: { temperature: 0.1 },
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:00:02.000Z',
      completionStartTime: '2026-03-01T10:00:00.500Z',
      input: [{ role: 'user', content: 'hi' }],
      output: { role: 'assistant', content: 'hello' },
      usageDetails: { input: 100, output: 40, total: 140 },
      usage: { unit: 'TOKENS', input: 100, output: 40, total: 140 },
      level: 'WARNING',
      statusMessage: 'slow',
      latency: 2,
      timeToFirstToken: 0.5,
    });
    // gpt-4o at the default prices, computed from the create's model and the update's usage.
    const cost = 100 * 2.5e-6 + 40 * 10e-6;
    expect(gen!.calculatedTotalCost).toBeCloseTo(cost, 12);
    // The trace's summary merged field by field too: the list and daily see model, usage and cost.
    const list = await t.get('/api/public/traces?name=&userId=&fields=core,metrics,observations');
    const item = list.body.data.find((x: { id: string }) => x.id === 'order');
    expect(item.latency).toBe(2);
    expect(item.totalCost).toBeCloseTo(cost, 12);
    const daily = await t.get(
      '/api/public/metrics/daily?fromTimestamp=2026-03-01T00:00:00Z&toTimestamp=2026-03-01T23:59:59Z',
    );
    const usage = daily.body.data[0].usage.find((u: { model: string | null }) => u.model === 'gpt-4o');
    expect(usage).toMatchObject({ inputUsage: 100, outputUsage: 40, totalUsage: 140, countObservations: 1 });
    expect(usage.totalCost).toBeCloseTo(cost, 12);
  });

  it('an update with only an end time keeps the model and usage of its create', async () => {
    await ingest([
      ev('generation-create', {
        id: 'gen-end',
        traceId: 'end-only',
        model: 'gpt-4o-mini',
        startTime: '2026-03-01T11:00:00.000Z',
        usageDetails: { input: 10, output: 5 },
      }),
    ]);
    await ingest([
      ev(
        'generation-update',
        { id: 'gen-end', traceId: 'end-only', endTime: '2026-03-01T11:00:03.000Z' },
        '2026-03-01T11:00:03.000Z',
      ),
    ]);
    const [gen] = (await trace('end-only')).observations;
    expect(gen).toMatchObject({ model: 'gpt-4o-mini', usageDetails: { input: 10, output: 5, total: 15 }, latency: 3 });
    const list = await t.get('/api/public/traces?orderBy=latency.desc&fields=core,metrics');
    expect(list.body.data.find((x: { id: string }) => x.id === 'end-only').latency).toBe(3);
  });

  it('keeps an event with an invalid usageDetails or costDetails key, leaving out only that key, as Langfuse does', async () => {
    const res = await ingest([
      ev('generation-create', {
        id: 'drop-keys',
        traceId: 'drop-keys',
        startTime: '2026-03-01T13:00:00.000Z',
        usageDetails: { input: 10, output: -1, audio_seconds: 1.5, cached: 'many', reasoning: '4' },
        costDetails: { input: -0.1, output: 0.02, extra: 'x' },
      }),
      ev('generation-create', {
        id: 'drop-all',
        traceId: 'drop-keys',
        startTime: '2026-03-01T13:00:00.000Z',
        usageDetails: { input: -5 },
        costDetails: { total: 2e12 },
      }),
    ]);
    expect(res.body.errors).toEqual([]);
    expect(res.body.successes).toHaveLength(2);
    const byId = Object.fromEntries((await trace('drop-keys')).observations.map((o) => [o.id, o]));
    expect(byId['drop-keys']).toMatchObject({
      usageDetails: { input: 10, reasoning: 4, total: 14 },
      costDetails: { output: 0.02, total: 0.02 },
    });
    expect(byId['drop-all']).toMatchObject({ usageDetails: {}, costDetails: {} });
  });

  it('clamps an end before the start to the start, in the same event or a later update, as Langfuse does', async () => {
    const res = await ingest([
      ev('span-create', {
        id: 'backwards',
        traceId: 'backwards',
        startTime: '2026-03-01T14:00:05.000Z',
        endTime: '2026-03-01T14:00:01.000Z',
      }),
      ev('span-create', { id: 'backwards-later', traceId: 'backwards', startTime: '2026-03-01T14:00:05.000Z' }),
    ]);
    expect(res.body.errors).toEqual([]);
    const update = await ingest([
      ev(
        'span-update',
        { id: 'backwards-later', traceId: 'backwards', endTime: '2026-03-01T14:00:02.000Z' },
        '2026-03-01T14:00:06.000Z',
      ),
    ]);
    expect(update.body.errors).toEqual([]);
    const stored = await trace('backwards');
    for (const o of stored.observations) {
      expect(o).toMatchObject({
        startTime: '2026-03-01T14:00:05.000Z',
        endTime: '2026-03-01T14:00:05.000Z',
        latency: 0,
      });
    }
    expect(stored.latency).toBe(0);
    const listed = await t.get('/api/public/observations?traceId=backwards');
    expect(listed.body.data.map((o: { latency: number }) => o.latency)).toEqual([0, 0]);
  });

  it('still refuses what Langfuse refuses: a usageDetails that is not an object, a fractional legacy count', async () => {
    const res = await ingest([
      ev('generation-create', { id: 'not-map', traceId: 'refused', usageDetails: 'lots' }),
      ev('generation-create', { id: 'frac-legacy', traceId: 'refused', usage: { input: 1.5 } }),
    ]);
    expect(res.body.successes).toEqual([]);
    expect(res.body.errors.map((e) => e.status)).toEqual([400, 400]);
    expect(res.body.errors.map((e) => String(e.error))).toEqual([
      expect.stringContaining('body.usageDetails'),
      expect.stringContaining('body.usage.input'),
    ]);
  });

  it('reads string input and output that hold JSON text as that JSON, as Langfuse does; other text stays text', async () => {
    const res = await ingest([
      ev('trace-create', { id: 'json-text', input: '{"a":1}', output: '42' }),
      ev('span-create', {
        id: 'json-text-span',
        traceId: 'json-text',
        startTime: '2026-03-01T15:00:00.000Z',
        input: '[1, "two"]',
        output: 'plain words',
      }),
    ]);
    expect(res.body.errors).toEqual([]);
    const stored = await trace('json-text');
    expect(stored).toMatchObject({ input: { a: 1 }, output: 42 });
    expect(stored.observations[0]).toMatchObject({ input: [1, 'two'], output: 'plain words' });
  });

  it('an update without traceId finds its trace: in the same batch, or from an earlier request; unknown ones are 404 entries', async () => {
    const same = await ingest([
      ev('span-update', { id: 'lone-1', endTime: '2026-03-01T12:00:01.000Z' }, '2026-03-01T12:00:01.000Z'),
      ev('span-create', { id: 'lone-1', traceId: 'lookup', startTime: '2026-03-01T12:00:00.000Z' }),
      ev('span-create', { id: 'lone-2', traceId: 'lookup', startTime: '2026-03-01T12:00:00.000Z' }),
    ]);
    expect(same.body.errors).toEqual([]);
    const later = await ingest([
      ev(
        'span-update',
        { id: 'lone-2', output: 'done', endTime: '2026-03-01T12:00:05.000Z' },
        '2026-03-01T12:00:05.000Z',
      ),
      ev('span-update', { id: 'never-created', output: 'x' }),
    ]);
    expect(later.body.successes).toHaveLength(1);
    expect(later.body.errors).toMatchObject([{ status: 404, message: 'Resource not found' }]);
    const stored = await trace('lookup');
    const byId = Object.fromEntries(stored.observations.map((o) => [o.id, o]));
    expect(byId['lone-1']).toMatchObject({ endTime: '2026-03-01T12:00:01.000Z' });
    expect(byId['lone-2']).toMatchObject({ output: 'done', endTime: '2026-03-01T12:00:05.000Z' });
    expect((await t.get('/api/public/traces/never-created')).status).toBe(404);
  });

  it('usage in the OpenAI shapes and costDetails; legacy usage costs', async () => {
    await ingest([
      ev('generation-create', {
        id: 'u-openai',
        traceId: 'usage',
        model: 'gpt-4o',
        usageDetails: {
          prompt_tokens: 100,
          completion_tokens: 50,
          total_tokens: 150,
          prompt_tokens_details: { cached_tokens: 30 },
        },
        costDetails: { input: 0.01, output: 0.02 },
      }),
      ev('generation-create', {
        id: 'u-legacy',
        traceId: 'usage',
        usage: { input: 7, output: 3, unit: 'TOKENS', totalCost: 0.5 },
      }),
    ]);
    const byId = Object.fromEntries((await trace('usage')).observations.map((o) => [o.id, o]));
    expect(byId['u-openai']).toMatchObject({
      usageDetails: { input: 70, output: 50, total: 150, input_cached_tokens: 30 },
      costDetails: { input: 0.01, output: 0.02, total: 0.03 },
    });
    expect(byId['u-openai']!.calculatedTotalCost).toBeCloseTo(0.03, 12);
    expect(byId['u-legacy']).toMatchObject({
      usageDetails: { input: 7, output: 3, total: 10 },
      calculatedTotalCost: 0.5,
    });
  });

  it('a priced cost has the kinds the usage has: an embedding has no output cost', async () => {
    await ingest([
      ev('embedding-create', {
        id: 'emb-cost',
        traceId: 'priced-kinds',
        model: 'text-embedding-3-small',
        usageDetails: { input: 1000 },
      }),
      ev('generation-create', {
        id: 'gen-cost',
        traceId: 'priced-kinds',
        model: 'gpt-4o',
        usageDetails: { input: 1000, output: 10 },
      }),
    ]);
    const byId = Object.fromEntries((await trace('priced-kinds')).observations.map((o) => [o.id, o]));
    const embedding = byId['emb-cost']!;
    expect(Object.keys(embedding.costDetails).sort()).toEqual(['input', 'total']);
    expect(embedding.calculatedOutputCost).toBeNull();
    expect(embedding.calculatedInputCost).toBeGreaterThan(0);
    expect(embedding.calculatedTotalCost).toBe(embedding.calculatedInputCost);
    expect(Object.keys(byId['gen-cost']!.costDetails).sort()).toEqual(['input', 'output', 'total']);
    const v2 = await t.get('/api/public/v2/observations?traceId=priced-kinds&fields=core,usage');
    const v2Embedding = v2.body.data.find((o: { id: string }) => o.id === 'emb-cost');
    expect(Object.keys(v2Embedding.costDetails).sort()).toEqual(['input', 'total']);
  });

  it("the observation view's usage, token counts and calculated costs count every input and output kind", async () => {
    await ingest([
      ev('generation-create', {
        id: 'kinds-gen',
        traceId: 'kinds',
        model: 'gpt-4o',
        usageDetails: { input: 70, input_cached_tokens: 30, output: 40, output_reasoning_tokens: 10, total: 150 },
        costDetails: { input: 0.02, input_cached_tokens: 0.001, output: 0.05 },
      }),
    ]);
    const expected = {
      usage: { unit: 'TOKENS', input: 100, output: 50, total: 150 },
      promptTokens: 100,
      completionTokens: 50,
      totalTokens: 150,
      calculatedInputCost: 0.021,
      calculatedOutputCost: 0.05,
      calculatedTotalCost: 0.071,
    };
    const [one] = (await trace('kinds')).observations;
    expect(one).toMatchObject(expected);
    expect((await t.get('/api/public/observations/kinds-gen')).body).toMatchObject(expected);
  });

  it("takes ids up to Langfuse's 800 characters and reads them back; longer is a 400 entry", async () => {
    const long = (tag: string) => `${tag}-${'x'.repeat(700)}`;
    const [traceId, spanId, scoreId] = [long('trace'), long('span'), long('score')];
    const stored = await ingest([
      ev('trace-create', { id: traceId, name: 'long ids' }),
      ev('span-create', { id: spanId, traceId, name: 'step' }),
      ev('score-create', { id: scoreId, traceId, observationId: spanId, name: 'ok', value: 1 }),
      ev('trace-create', { id: 'y'.repeat(801) }),
    ]);
    expect(stored.status).toBe(207);
    expect(stored.body.successes).toHaveLength(3);
    expect(stored.body.errors).toEqual([
      expect.objectContaining({ status: 400, error: 'body.id: must be at most 800 characters' }),
    ]);
    const read = async (path: string) => {
      const res = await t.get(path);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return res.body;
    };
    expect((await read(`/api/public/traces/${encodeURIComponent(traceId)}`)).observations[0].id).toBe(spanId);
    expect((await read(`/api/public/observations/${encodeURIComponent(spanId)}`)).traceId).toBe(traceId);
    expect((await read(`/api/public/v2/scores/${encodeURIComponent(scoreId)}`)).observationId).toBe(spanId);
    expect((await read(`/api/public/scores/${encodeURIComponent(scoreId)}`)).traceId).toBe(traceId);
  });

  it('a re-sent batch changes no count, usage or cost', async () => {
    const batch = [
      ev('trace-create', { id: 'resend', name: 'again', sessionId: 's-resend' }),
      ev('generation-create', {
        id: 'rs-gen',
        traceId: 'resend',
        model: 'gpt-4o',
        usageDetails: { input: 10, output: 10 },
      }),
      ev(
        'generation-update',
        { id: 'rs-gen', traceId: 'resend', endTime: '2026-03-01T10:00:01.000Z' },
        '2026-03-01T10:00:01.000Z',
      ),
      ev('score-create', { id: 'rs-score', traceId: 'resend', name: 'q', value: 1 }),
    ];
    const before = async () => ({
      list: (await t.get('/api/public/traces?sessionId=s-resend')).body,
      detail: await trace('resend'),
      scores: (await t.get('/api/public/v2/scores?traceId=resend')).body,
    });
    await ingest(batch);
    const first = await before();
    await ingest(batch);
    await ingest([...batch].reverse());
    const again = await before();
    expect(again.list.meta.totalItems).toBe(1);
    expect(again.list.data[0].totalCost).toBe(first.list.data[0].totalCost);
    expect(again.detail.observations).toHaveLength(1);
    expect(again.detail.scores).toHaveLength(1);
    expect(again.scores.meta.totalItems).toBe(1);
  });
});
