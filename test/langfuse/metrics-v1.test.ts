import { randomUUID } from 'node:crypto';
import { LangfuseClient } from '@langfuse/client';
import { Langfuse } from 'langfuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Langfuse's Metrics API v1 (GET /api/public/metrics?query=<JSON>) through @langfuse/client's
 * `api.legacy.metricsV1.metrics` (and the legacy SDK's `metricsMetrics`): the traces, observations
 * and score views, grouped by dimensions and by a time dimension, filtered, histograms, and
 * refused with a 400 naming what is unknown.
 */

let server: TestServer;
let client: LangfuseClient;

const at = (day: number, ms: number) => new Date(Date.UTC(2026, 2, day, 10, 0, 0, 0) + ms).toISOString();
const WINDOW = { fromTimestamp: '2026-03-01T00:00:00.000Z', toTimestamp: '2026-03-04T00:00:00.000Z' };

/** A trace with one observation: a generation when `model` is given, else a span. */
function traceEvents(t: {
  name: string;
  userId: string;
  sessionId?: string;
  environment: string;
  day: number;
  ms: number;
  model?: string;
  usage?: { input: number; output: number };
  cost?: number;
}) {
  const traceId = randomUUID();
  return [
    {
      id: randomUUID(),
      type: 'trace-create',
      timestamp: at(t.day, 0),
      body: {
        id: traceId,
        name: t.name,
        userId: t.userId,
        sessionId: t.sessionId,
        environment: t.environment,
        timestamp: at(t.day, 0),
      },
    },
    {
      id: randomUUID(),
      type: t.model ? 'generation-create' : 'span-create',
      timestamp: at(t.day, 0),
      body: {
        id: randomUUID(),
        traceId,
        name: `${t.name}-step`,
        environment: t.environment,
        startTime: at(t.day, 0),
        endTime: at(t.day, t.ms),
        ...(t.model ? { model: t.model, usageDetails: t.usage, costDetails: { total: t.cost } } : {}),
      },
    },
  ];
}

/** A trace at 10:00 on March 10 (`late`) whose span (`late-step`) starts a day later. */
function lateObservation() {
  const traceId = randomUUID();
  return [
    {
      id: randomUUID(),
      type: 'trace-create',
      timestamp: at(10, 0),
      body: { id: traceId, name: 'late', userId: 'u1', environment: 'production', timestamp: at(10, 0) },
    },
    {
      id: randomUUID(),
      type: 'span-create',
      timestamp: at(11, 0),
      body: { id: randomUUID(), traceId, name: 'late-step', startTime: at(11, 0), endTime: at(11, 100) },
    },
  ];
}

/** A score of the trace of `events` (traceEvents), at its trace's time unless `day` is given. */
function scoreEvent(
  events: ReturnType<typeof traceEvents>,
  s: { name: string; value: number | string; dataType: string; onObservation?: boolean; day?: number },
) {
  const [trace, observation] = events;
  const timestamp = s.day === undefined ? trace!.timestamp : at(s.day, 0);
  return {
    id: randomUUID(),
    type: 'score-create',
    timestamp,
    body: {
      id: randomUUID(),
      traceId: trace!.body.id,
      ...(s.onObservation ? { observationId: observation!.body.id } : {}),
      name: s.name,
      value: s.value,
      dataType: s.dataType,
      environment: 'production',
    },
  };
}

const metrics = async (query: Record<string, unknown>) =>
  (await client.api.legacy.metricsV1.metrics({ query: JSON.stringify({ ...WINDOW, ...query }) })).data;

beforeAll(async () => {
  server = await startTestServer('langfuse-metrics-v1');
  client = new LangfuseClient({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
    additionalHeaders: WAIT_FOR_COMMIT,
  });
  const gen = { model: 'gpt-4o', environment: 'production' };
  const chatOfU1 = traceEvents({
    ...gen,
    name: 'chat',
    userId: 'u1',
    sessionId: 's1',
    day: 1,
    ms: 1000,
    usage: { input: 100, output: 50 },
    cost: 0.25,
  });
  const chatOfU2 = traceEvents({
    ...gen,
    name: 'chat',
    userId: 'u2',
    day: 2,
    ms: 3000,
    usage: { input: 200, output: 100 },
    cost: 0.75,
  });
  const search = traceEvents({ name: 'search', userId: 'u1', environment: 'production', day: 2, ms: 500 });
  const batch = [
    ...chatOfU1,
    ...chatOfU2,
    ...traceEvents({
      name: 'chat',
      userId: 'u2',
      environment: 'staging',
      day: 2,
      ms: 2000,
      model: 'claude-3-5-haiku',
      usage: { input: 10, output: 5 },
      cost: 0.01,
    }),
    ...search,
    // A trace without observations: Langfuse's observation measures leave it out.
    {
      id: randomUUID(),
      type: 'trace-create',
      timestamp: at(2, 0),
      body: { id: randomUUID(), name: 'bare', userId: 'u3', environment: 'production', timestamp: at(2, 0) },
    },
    // Past the window: a trace of March 10 whose observation starts on March 11.
    ...lateObservation(),
    // Outside the window: counted by no query.
    ...traceEvents({ ...gen, name: 'chat', userId: 'u1', day: 20, ms: 9000, usage: { input: 1, output: 1 }, cost: 9 }),
    // Scores of those traces (the first of chatOfU1 on its observation), for the score views.
    scoreEvent(chatOfU1, { name: 'quality', value: 0.9, dataType: 'NUMERIC', onObservation: true }),
    scoreEvent(chatOfU2, { name: 'quality', value: 0.5, dataType: 'NUMERIC' }),
    scoreEvent(search, { name: 'quality', value: 0.1, dataType: 'NUMERIC' }),
    scoreEvent(chatOfU2, { name: 'helpful', value: 1, dataType: 'BOOLEAN' }),
    scoreEvent(search, { name: 'helpful', value: 0, dataType: 'BOOLEAN' }),
    scoreEvent(chatOfU1, { name: 'tone', value: 'friendly', dataType: 'CATEGORICAL' }),
    scoreEvent(chatOfU2, { name: 'tone', value: 'friendly', dataType: 'CATEGORICAL' }),
    scoreEvent(search, { name: 'tone', value: 'curt', dataType: 'CATEGORICAL' }),
    scoreEvent(search, { name: 'quality', value: 0.7, dataType: 'NUMERIC', day: 20 }),
  ];
  const res = await client.api.ingestion.batch({ batch: batch as never });
  expect(res.errors).toEqual([]);
});

afterAll(async () => {
  await client?.shutdown();
  await server?.close();
});

describe('GET /api/public/metrics (Langfuse Metrics API v1)', () => {
  it('the traces view counts traces, sums cost and averages latency (ms) per name, the first metric descending, those with observations', async () => {
    const data = await metrics({
      view: 'traces',
      dimensions: [{ field: 'name' }],
      metrics: [
        { measure: 'count', aggregation: 'count' },
        { measure: 'totalCost', aggregation: 'sum' },
        { measure: 'latency', aggregation: 'avg' },
        { measure: 'totalTokens', aggregation: 'sum' },
      ],
    });
    expect(data).toEqual([
      { name: 'chat', count_count: 3, sum_totalCost: 1.01, avg_latency: 2000, sum_totalTokens: 465 },
      { name: 'search', count_count: 1, sum_totalCost: 0, avg_latency: 500, sum_totalTokens: 0 },
    ]);
  });

  it('the traces view measures only the observations that start in the window, as Langfuse', async () => {
    // The late trace (March 10) has one span, which starts on March 11.
    const observed = [
      { measure: 'count', aggregation: 'count' },
      { measure: 'observationsCount', aggregation: 'sum' },
      { measure: 'latency', aggregation: 'max' },
    ];
    const march10 = { fromTimestamp: '2026-03-10T00:00:00.000Z', toTimestamp: '2026-03-11T00:00:00.000Z' };
    expect(await metrics({ ...march10, view: 'traces', metrics: observed })).toEqual([
      { count_count: 0, sum_observationsCount: 0, max_latency: 0 },
    ]);
    const both = { fromTimestamp: march10.fromTimestamp, toTimestamp: '2026-03-12T00:00:00.000Z' };
    expect(await metrics({ ...both, view: 'traces', metrics: observed })).toEqual([
      { count_count: 1, sum_observationsCount: 1, max_latency: 100 },
    ]);
  });

  it('the traces view counts the traces with a user and with a session, as Langfuse per trace', async () => {
    const data = await metrics({
      view: 'traces',
      dimensions: [{ field: 'name' }],
      metrics: [
        { measure: 'uniqueUserIds', aggregation: 'sum' },
        { measure: 'uniqueSessionIds', aggregation: 'sum' },
      ],
    });
    expect(data).toEqual([
      { name: 'chat', sum_uniqueUserIds: 3, sum_uniqueSessionIds: 1 },
      { name: 'bare', sum_uniqueUserIds: 1, sum_uniqueSessionIds: 0 },
      { name: 'search', sum_uniqueUserIds: 1, sum_uniqueSessionIds: 0 },
    ]);
  });

  it('the traces view groups by userId and environment, filtered, ordered as asked', async () => {
    const data = await metrics({
      view: 'traces',
      dimensions: [{ field: 'userId' }, { field: 'environment' }],
      metrics: [{ measure: 'count', aggregation: 'count' }],
      filters: [{ column: 'name', operator: '=', value: 'chat', type: 'string' }],
      orderBy: [
        { field: 'userId', direction: 'desc' },
        { field: 'environment', direction: 'asc' },
      ],
    });
    expect(data).toEqual([
      { userId: 'u2', environment: 'production', count_count: 1 },
      { userId: 'u2', environment: 'staging', count_count: 1 },
      { userId: 'u1', environment: 'production', count_count: 1 },
    ]);
  });

  it('a time dimension buckets by day (a date) or hour (a time), the empty buckets of the window filled with zeros', async () => {
    const data = await metrics({
      view: 'traces',
      metrics: [{ measure: 'count', aggregation: 'count' }],
      timeDimension: { granularity: 'day' },
    });
    expect(data).toEqual([
      { time_dimension: '2026-03-01', count_count: 1 },
      { time_dimension: '2026-03-02', count_count: 4 },
      { time_dimension: '2026-03-03', count_count: 0 },
    ]);
    const hourly = await metrics({
      view: 'traces',
      metrics: [{ measure: 'count', aggregation: 'count' }],
      timeDimension: { granularity: 'hour' },
      fromTimestamp: '2026-03-01T09:00:00.000Z',
      toTimestamp: '2026-03-01T12:00:00.000Z',
    });
    expect(hourly).toEqual([
      { time_dimension: '2026-03-01T09:00:00Z', count_count: 0 },
      { time_dimension: '2026-03-01T10:00:00Z', count_count: 1 },
      { time_dimension: '2026-03-01T11:00:00Z', count_count: 0 },
    ]);
  });

  it('refuses a time dimension of more than 10,000 buckets over its window', async () => {
    const ask = (query: Record<string, unknown>) =>
      fetch(`${server.baseUrl}/api/public/metrics?query=${encodeURIComponent(JSON.stringify(query))}`, {
        headers: bearer(),
      });
    const century = {
      view: 'traces',
      metrics: [{ measure: 'count', aggregation: 'count' }],
      timeDimension: { granularity: 'minute' },
      fromTimestamp: '1970-01-01T00:00:00.000Z',
      toTimestamp: '2100-01-01T00:00:00.000Z',
    };
    const res = await ask(century);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'query.timeDimension: the window holds about 68374080 minute buckets, more than 10000; choose a coarser granularity or a shorter window',
    );
    // The same century by month is 1,560 buckets: answered.
    expect((await ask({ ...century, timeDimension: { granularity: 'month' } })).status).toBe(200);
  });

  it('the observations view sums tokens and takes latency percentiles per model, filtered by environment', async () => {
    const data = await metrics({
      view: 'observations',
      dimensions: [{ field: 'providedModelName' }],
      metrics: [
        { measure: 'totalTokens', aggregation: 'sum' },
        { measure: 'latency', aggregation: 'p50' },
        { measure: 'latency', aggregation: 'p95' },
        { measure: 'count', aggregation: 'count' },
      ],
      filters: [{ column: 'environment', operator: 'any of', value: ['production'], type: 'stringOptions' }],
    });
    expect(data).toEqual([
      { providedModelName: 'gpt-4o', sum_totalTokens: 450, p50_latency: 2000, p95_latency: 2900, count_count: 2 },
      { providedModelName: '', sum_totalTokens: 0, p50_latency: 500, p95_latency: 500, count_count: 1 },
    ]);
  });

  it('the observations view by a field of the trace counts only the observations whose trace is in the window, as Langfuse', async () => {
    const march11 = { fromTimestamp: '2026-03-11T00:00:00.000Z', toTimestamp: '2026-03-12T00:00:00.000Z' };
    const count = [{ measure: 'count', aggregation: 'count' }];
    // The span starts on March 11, its trace on March 10: Langfuse's traces relation is in the window too.
    expect(await metrics({ ...march11, view: 'observations', metrics: count })).toEqual([{ count_count: 1 }]);
    const byTrace = await metrics({
      ...march11,
      view: 'observations',
      dimensions: [{ field: 'traceName' }],
      metrics: count,
    });
    expect(byTrace).toEqual([]);
    const withTrace = await metrics({
      fromTimestamp: '2026-03-10T00:00:00.000Z',
      toTimestamp: march11.toTimestamp,
      view: 'observations',
      dimensions: [{ field: 'traceName' }, { field: 'name' }],
      metrics: count,
    });
    expect(withTrace).toEqual([{ traceName: 'late', name: 'late-step', count_count: 1 }]);
  });

  it('the observations view groups by trace name and user with a time dimension by day', async () => {
    const data = await metrics({
      view: 'observations',
      dimensions: [{ field: 'traceName' }, { field: 'userId' }],
      metrics: [{ measure: 'totalCost', aggregation: 'sum' }],
      filters: [{ column: 'type', operator: '=', value: 'GENERATION', type: 'string' }],
      timeDimension: { granularity: 'day' },
      orderBy: [
        { field: 'time_dimension', direction: 'asc' },
        { field: 'userId', direction: 'asc' },
      ],
    });
    expect(data).toEqual([
      { time_dimension: '2026-03-01', traceName: 'chat', userId: 'u1', sum_totalCost: 0.25 },
      { time_dimension: '2026-03-02', traceName: 'chat', userId: 'u2', sum_totalCost: 0.76 },
    ]);
  });

  it('the scores-numeric view counts and averages numeric and boolean scores per name', async () => {
    const data = await metrics({
      view: 'scores-numeric',
      dimensions: [{ field: 'name' }, { field: 'dataType' }],
      metrics: [
        { measure: 'count', aggregation: 'count' },
        { measure: 'value', aggregation: 'avg' },
        { measure: 'value', aggregation: 'max' },
      ],
    });
    expect(data).toEqual([
      { name: 'quality', dataType: 'NUMERIC', count_count: 3, avg_value: 0.5, max_value: 0.9 },
      { name: 'helpful', dataType: 'BOOLEAN', count_count: 2, avg_value: 0.5, max_value: 1 },
    ]);
  });

  it("the score views group by the score's trace and observation fields, filtered by them", async () => {
    const byTrace = await metrics({
      view: 'scores-numeric',
      dimensions: [{ field: 'traceName' }, { field: 'userId' }],
      metrics: [{ measure: 'value', aggregation: 'sum' }],
      filters: [
        { column: 'name', operator: '=', value: 'quality', type: 'string' },
        { column: 'traceName', operator: 'any of', value: ['chat'], type: 'stringOptions' },
      ],
      orderBy: [{ field: 'userId', direction: 'asc' }],
    });
    expect(byTrace).toEqual([
      { traceName: 'chat', userId: 'u1', sum_value: 0.9 },
      { traceName: 'chat', userId: 'u2', sum_value: 0.5 },
    ]);
    // A field of the observation joins it as Langfuse does (inner): only the scores of an observation count.
    const byObservation = await metrics({
      view: 'scores-numeric',
      dimensions: [{ field: 'observationName' }],
      metrics: [{ measure: 'count', aggregation: 'count' }],
    });
    expect(byObservation).toEqual([{ observationName: 'chat-step', count_count: 1 }]);
    const perDay = await metrics({
      view: 'scores-numeric',
      metrics: [{ measure: 'count', aggregation: 'count' }],
      filters: [{ column: 'source', operator: '=', value: 'API', type: 'string' }],
      timeDimension: { granularity: 'day' },
    });
    expect(perDay).toEqual([
      { time_dimension: '2026-03-01', count_count: 1 },
      { time_dimension: '2026-03-02', count_count: 4 },
      { time_dimension: '2026-03-03', count_count: 0 },
    ]);
  });

  it('the scores-categorical view counts by stringValue; scores-boolean by booleanValue', async () => {
    const categorical = await metrics({
      view: 'scores-categorical',
      dimensions: [{ field: 'name' }, { field: 'stringValue' }],
      metrics: [{ measure: 'count', aggregation: 'count' }],
    });
    expect(categorical).toEqual([
      { name: 'tone', stringValue: 'friendly', count_count: 2 },
      { name: 'tone', stringValue: 'curt', count_count: 1 },
    ]);
    const boolean = await metrics({
      view: 'scores-boolean',
      dimensions: [{ field: 'booleanValue' }],
      metrics: [{ measure: 'count', aggregation: 'count' }],
      orderBy: [{ field: 'booleanValue', direction: 'asc' }],
    });
    expect(boolean).toEqual([
      { booleanValue: false, count_count: 1 },
      { booleanValue: true, count_count: 1 },
    ]);
  });

  it('scoresCount (traces) and countScores (observations) count the scores of each, as Langfuse only of those with one', async () => {
    const traces = await metrics({
      view: 'traces',
      dimensions: [{ field: 'name' }],
      metrics: [
        { measure: 'scoresCount', aggregation: 'sum' },
        { measure: 'count', aggregation: 'count' },
      ],
    });
    // The staging chat trace has no score: Langfuse's inner join of the scores leaves it out.
    expect(traces).toEqual([
      { name: 'chat', sum_scoresCount: 5, count_count: 2 },
      { name: 'search', sum_scoresCount: 3, count_count: 1 },
    ]);
    const observations = await metrics({
      view: 'observations',
      dimensions: [{ field: 'name' }],
      metrics: [{ measure: 'countScores', aggregation: 'sum' }],
    });
    expect(observations).toEqual([{ name: 'chat-step', sum_countScores: 1 }]);
  });

  it("the legacy SDK's metricsMetrics reads the score views alike", async () => {
    const legacy = new Langfuse({
      publicKey: server.credentials.publicKey,
      secretKey: server.credentials.secretKey,
      baseUrl: server.baseUrl,
    });
    try {
      const res = await legacy.api.metricsMetrics({
        query: JSON.stringify({
          ...WINDOW,
          view: 'scores-categorical',
          dimensions: [{ field: 'stringValue' }, { field: 'traceName' }],
          metrics: [{ measure: 'count', aggregation: 'count' }],
          orderBy: [{ field: 'traceName', direction: 'asc' }],
        }),
      });
      expect(res.data).toEqual([
        { stringValue: 'friendly', traceName: 'chat', count_count: 2 },
        { stringValue: 'curt', traceName: 'search', count_count: 1 },
      ]);
    } finally {
      await legacy.shutdownAsync();
    }
  });

  it('a histogram aggregation gives [lower, upper, height] bins, at most config.bins of them (10 without)', async () => {
    const latency = await metrics({
      view: 'traces',
      metrics: [{ measure: 'latency', aggregation: 'histogram' }],
      config: { bins: 2 },
    });
    // ClickHouse's adaptive histogram (as Langfuse): bins of the values, not of equal width.
    expect(latency).toEqual([
      {
        histogram_latency: [
          [500, 1625, 2],
          [1625, 3000, 2],
        ],
      },
    ]);
    const scores = await metrics({
      view: 'scores-numeric',
      dimensions: [{ field: 'name' }],
      metrics: [
        { measure: 'value', aggregation: 'histogram' },
        { measure: 'count', aggregation: 'count' },
      ],
      orderBy: [{ field: 'name', direction: 'asc' }],
    });
    expect(scores).toEqual([
      {
        name: 'helpful',
        histogram_value: [
          [0, 0.5, 1],
          [0.5, 1, 1],
        ],
        count_count: 2,
      },
      {
        name: 'quality',
        histogram_value: [
          [0.1, 0.3, 1],
          [0.3, 0.7, 1],
          [0.7, 0.9, 1],
        ],
        count_count: 3,
      },
    ]);
  });

  it('an unknown view, measure, dimension, filter column or aggregation is a 400 naming it', async () => {
    const refused = async (query: Record<string, unknown>) => {
      const res = await fetch(
        `${server.baseUrl}/api/public/metrics?query=${encodeURIComponent(JSON.stringify({ ...WINDOW, ...query }))}`,
        { headers: bearer() },
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; code: string; data: null };
      expect(body).toMatchObject({ code: 'BAD_REQUEST', data: null });
      return body.message;
    };
    const count = [{ measure: 'count', aggregation: 'count' }];
    expect(await refused({ view: 'sessions', metrics: count })).toContain('sessions');
    // A name of an object's own machinery is as unknown as any other.
    expect(await refused({ view: 'constructor', metrics: count })).toContain('constructor');
    expect(await refused({ view: 'traces', metrics: [{ measure: 'count' }] })).toBe(
      'query.metrics[0].aggregation: is required',
    );
    expect(
      await refused({
        view: 'traces',
        metrics: count,
        filters: [{ column: 'name', type: 'string', operator: 'is', value: 'x' }],
      }),
    ).toMatch(/^query\.filters\[0\]\.operator: must be one of/);
    expect(await refused({ view: 'traces', metrics: [{ measure: 'tokenz', aggregation: 'sum' }] })).toContain('tokenz');
    // A categorical score has no numeric value, a numeric one no string value.
    expect(await refused({ view: 'scores-categorical', metrics: [{ measure: 'value', aggregation: 'avg' }] })).toBe(
      'query: unknown measure "value"; one of count',
    );
    expect(await refused({ view: 'scores-numeric', metrics: count, dimensions: [{ field: 'stringValue' }] })).toContain(
      'stringValue',
    );
    expect(await refused({ view: 'traces', metrics: count, dimensions: [{ field: 'planet' }] })).toContain('planet');
    expect(
      await refused({
        view: 'observations',
        metrics: count,
        filters: [{ column: 'planet', operator: '=', value: 'x', type: 'string' }],
      }),
    ).toContain('planet');
    expect(
      await refused({
        view: 'traces',
        metrics: count,
        filters: [{ column: 'name', operator: 'matches', value: 'x', type: 'string' }],
      }),
    ).toContain('matches');
    expect(await refused({ view: 'traces', metrics: [{ measure: 'latency', aggregation: 'p42' }] })).toContain('p42');
    const histogram = [{ measure: 'latency', aggregation: 'histogram' }];
    expect(await refused({ view: 'traces', metrics: histogram, config: { bins: 0 } })).toMatch(
      /^query\.config\.bins: /,
    );
    expect(await refused({ view: 'traces', metrics: histogram, config: { bins: 101 } })).toMatch(
      /^query\.config\.bins: /,
    );
    expect(await refused({ view: 'traces', metrics: histogram, config: { bins: 2.5 } })).toBe(
      'query.config.bins: must be an integer',
    );
    expect(await refused({ view: 'traces', metrics: count, orderBy: [{ field: 'nope', direction: 'asc' }] })).toContain(
      'nope',
    );
    expect(await refused({ view: 'traces', metrics: count, fromTimestamp: 'yesterday' })).toContain('fromTimestamp');
    const res = await fetch(`${server.baseUrl}/api/public/metrics?query=%7Bnot-json`, {
      headers: bearer(),
    });
    expect(res.status).toBe(400);
  });
});
