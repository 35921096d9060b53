import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;
const T = Date.UTC(2026, 5, 1, 10);
const iso = (ms: number) => new Date(ms).toISOString();

/** Generations: [model, start offset s, duration ms, prompt tokens, completion tokens]. */
const GENERATIONS: [string, number, number, number, number][] = [
  ['gpt-4o', 10, 800, 1200, 300],
  ['gpt-4o', 70, 1500, 400, 100],
  ['gpt-4o', 130, 600, 1000, 50],
  ['claude', 20, 2000, 50, 20],
];

beforeAll(async () => {
  app = await createTestApp('prom-llm-metrics');
  for (const [i, [model, at, ms, input, output]] of GENERATIONS.entries()) {
    const res = await app.post('/v1/l/batch', {
      trace: { id: `t-${i}`, timestamp: iso(T + at * 1000), name: 'chat', environment: 'prod' },
      observations: [
        {
          id: `root-${i}`,
          type: 'SPAN',
          name: 'handle',
          startTime: iso(T + at * 1000),
          endTime: iso(T + at * 1000 + ms + 5),
        },
        {
          id: `gen-${i}`,
          type: 'GENERATION',
          name: 'chat',
          model,
          startTime: iso(T + at * 1000),
          endTime: iso(T + at * 1000 + ms),
          promptTokens: input,
          completionTokens: output,
          parentObservationId: `root-${i}`,
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(() => app?.close());

async function instant(query: string, atMs: number) {
  const res = await app.get(`/prometheus/api/v1/query?${new URLSearchParams({ query, time: String(atMs / 1000) })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.result as { metric: Record<string, string>; value: [number, string] }[]).map((r) => [
    r.metric,
    r.value[1],
  ]);
}

describe('LLM metrics from the trace tables through PromQL', () => {
  it('request counts, tokens, cost and latency percentiles per model', async () => {
    const end = T + 200_000;
    expect(await instant('sum by (model) (count_over_time(spanhouse_llm_duration_seconds[5m]))', end)).toEqual([
      [{ model: 'claude' }, '1'],
      [{ model: 'gpt-4o' }, '3'],
    ]);
    expect(await instant('sum by (model) (sum_over_time(spanhouse_llm_input_tokens[5m]))', end)).toEqual([
      [{ model: 'claude' }, '50'],
      [{ model: 'gpt-4o' }, '2600'],
    ]);
    expect(await instant('sum by (model) (sum_over_time(spanhouse_llm_total_tokens[5m]))', end)).toEqual([
      [{ model: 'claude' }, '70'],
      [{ model: 'gpt-4o' }, '3050'],
    ]);
    // The median of 0.8, 1.5 and 0.6 s; labels are model, observation name and environment.
    expect(await instant('quantile_over_time(0.5, spanhouse_llm_duration_seconds{model="gpt-4o"}[5m])', end)).toEqual([
      [{ environment: 'prod', model: 'gpt-4o', name: 'chat' }, '0.8'],
    ]);
    const cost = await instant('sum(sum_over_time(spanhouse_llm_cost_usd[5m]))', end);
    expect(Number(cost[0]![1])).toBeGreaterThan(0); // gpt-4o and claude are in the built-in price table
    // A window before the first generation has none.
    expect(await instant('count_over_time(spanhouse_llm_input_tokens[5s])', T)).toEqual([]);
  });

  it('a generation sent as a create and a later update is one point, with the fields of both', async () => {
    // A day after the others, with their model and environment: the dashboard's label values hold.
    const at = T + 86_400_000;
    const event = (id: string, type: string, ms: number, body: object) => ({ id, type, timestamp: iso(ms), body });
    const created = await app.post('/api/public/ingestion', {
      batch: [
        event('e-trace', 'trace-create', at, { id: 't-split', name: 'chat', environment: 'prod' }),
        event('e-gen', 'generation-create', at, {
          id: 'gen-split',
          traceId: 't-split',
          name: 'chat',
          model: 'gpt-4o',
          environment: 'prod',
          startTime: iso(at),
        }),
      ],
    });
    expect(created.body.errors).toEqual([]);
    const updated = await app.post('/api/public/ingestion', {
      batch: [
        event('e-end', 'generation-update', at + 2000, {
          id: 'gen-split',
          traceId: 't-split',
          endTime: iso(at + 1200),
          usage: { input: 500, output: 70 },
        }),
      ],
    });
    expect(updated.body.errors).toEqual([]);
    const labels = { environment: 'prod', model: 'gpt-4o', name: 'chat' };
    const end = at + 60_000;
    expect(await instant('count_over_time(spanhouse_llm_duration_seconds[5m])', end)).toEqual([[labels, '1']]);
    expect(await instant('max_over_time(spanhouse_llm_duration_seconds[5m])', end)).toEqual([[labels, '1.2']]);
    expect(await instant('sum_over_time(spanhouse_llm_input_tokens[5m])', end)).toEqual([[labels, '500']]);
    expect(await instant('sum_over_time(spanhouse_llm_total_tokens[5m])', end)).toEqual([[labels, '570']]);
    // gpt-4o is priced: the create's model and the update's usage make the cost together.
    const [[, cost] = []] = await instant('sum_over_time(spanhouse_llm_cost_usd[5m])', end);
    expect(Number(cost)).toBeGreaterThan(0);
  });

  it('generations of one series that start at the same instant make one sample there that agrees with daily usage', async () => {
    // Two days after the others, so nothing else falls in its windows or its day.
    const at = T + 2 * 86_400_000 + 123;
    for (const [i, ms] of [
      [1, 1000],
      [2, 3000],
    ] as const) {
      const res = await app.post('/v1/l/batch', {
        trace: { id: `t-same-${i}`, timestamp: iso(at), name: 'chat', environment: 'prod' },
        observations: [
          {
            id: `gen-same-${i}`,
            type: 'GENERATION',
            name: 'chat',
            model: 'gpt-4o',
            startTime: iso(at),
            endTime: iso(at + ms),
            promptTokens: 100,
            completionTokens: 10,
          },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const daily = await app.get(
      `/api/public/metrics/daily?${new URLSearchParams({ fromTimestamp: iso(at - 1000), toTimestamp: iso(at + 1000) })}`,
    );
    const [usage] = daily.body.data[0].usage;
    expect(usage).toMatchObject({
      model: 'gpt-4o',
      inputUsage: 200,
      outputUsage: 20,
      totalUsage: 220,
      countObservations: 2,
    });
    const labels = { environment: 'prod', model: 'gpt-4o', name: 'chat' };
    const end = at + 60_000;
    expect(await instant('sum_over_time(spanhouse_llm_input_tokens[5m])', end)).toEqual([[labels, '200']]);
    expect(await instant('sum_over_time(spanhouse_llm_output_tokens[5m])', end)).toEqual([[labels, '20']]);
    expect(await instant('sum_over_time(spanhouse_llm_total_tokens[5m])', end)).toEqual([[labels, '220']]);
    expect(await instant('sum_over_time(spanhouse_llm_requests[5m])', end)).toEqual([[labels, '2']]);
    const [[, cost] = []] = await instant('sum_over_time(spanhouse_llm_cost_usd[5m])', end);
    expect(Number(cost)).toBeCloseTo(usage.totalCost, 12);
    // One sample per series and instant, as in Prometheus: the instant counts once, its latency is
    // the longest of its generations.
    expect(await instant('count_over_time(spanhouse_llm_input_tokens[5m])', end)).toEqual([[labels, '1']]);
    expect(await instant('max_over_time(spanhouse_llm_duration_seconds[5m])', end)).toEqual([[labels, '3']]);
    // The service's evaluation (a range function at a step longer than its range) reads the same samples.
    const range = await app.get(
      `/prometheus/api/v1/query_range?${new URLSearchParams({
        query: 'sum(sum_over_time(spanhouse_llm_input_tokens[30s])) + sum(sum_over_time(spanhouse_llm_requests[30s]))',
        start: String((at - 123 + 15_000) / 1000),
        end: String((at - 123 + 75_000) / 1000),
        step: '60',
        nocache: '1',
      })}`,
    );
    expect(range.body.data.result.map((r: { values: [number, string][] }) => r.values)).toEqual([
      [[(at - 123 + 15_000) / 1000, '202']],
    ]);
  });

  it('every query of the provisioned Grafana dashboard answers, as Grafana sends them', async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../deploy/grafana/dashboards/llm-overview.json', import.meta.url), 'utf8'),
    ) as {
      panels: { title: string; targets: { expr: string; instant?: boolean }[] }[];
      templating: { list: { name: string; query: { query: string } }[] };
    };
    // Template variables: label_values(metric, label) is a label-values call with match[].
    for (const v of dashboard.templating.list) {
      const [, metric, label] = /^label_values\((\w+), (\w+)\)$/.exec(v.query.query)!;
      const res = await app.get(
        `/prometheus/api/v1/label/${label}/values?${new URLSearchParams({ 'match[]': metric! })}`,
      );
      expect(res.body.data, v.name).toEqual(label === 'model' ? ['claude', 'gpt-4o'] : ['prod']);
    }
    const start = T / 1000;
    const end = start + 300;
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        // What Grafana substitutes for "All" and its interval variables on a 5-minute range.
        const query = target.expr
          .replaceAll('$model', '.*')
          .replaceAll('$environment', '.*')
          .replaceAll('$__interval', '15s')
          .replaceAll('$__range', '5m');
        const path = target.instant
          ? `query?${new URLSearchParams({ query, time: String(end) })}`
          : `query_range?${new URLSearchParams({ query, start: String(start), end: String(end), step: '15' })}`;
        const res = await app.get(`/prometheus/api/v1/${path}`);
        expect(res.status, `${panel.title}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(
          res.body.data.result.map((r: { metric: { model: string } }) => r.metric.model).sort(),
          panel.title,
        ).toEqual(['claude', 'gpt-4o']);
      }
    }
  });

  it('counts cached input and reasoning tokens as the daily usage and the observation view do', async () => {
    // Four days after the others. Usage broken out by kind: cached input and reasoning tokens
    // outside `input` and `output`, as the OpenAI shapes and gen_ai.usage send them.
    const at = T + 4 * 86_400_000;
    const res = await app.post('/v1/l/batch', {
      trace: { id: 't-kinds', timestamp: iso(at), name: 'chat', environment: 'prod' },
      observations: [
        {
          id: 'gen-kinds',
          type: 'GENERATION',
          name: 'chat',
          model: 'o4-mini',
          startTime: iso(at),
          endTime: iso(at + 500),
          usageDetails: { input: 100, input_cached_tokens: 40, output: 20, output_reasoning_tokens: 15, total: 175 },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const daily = await app.get(
      `/api/public/metrics/daily?${new URLSearchParams({ fromTimestamp: iso(at - 1000), toTimestamp: iso(at + 1000) })}`,
    );
    const [usage] = daily.body.data[0].usage;
    expect(usage).toMatchObject({ model: 'o4-mini', inputUsage: 140, outputUsage: 35, totalUsage: 175 });
    const view = (await app.get('/api/public/observations/gen-kinds')).body;
    expect(view.usage).toMatchObject({ input: 140, output: 35, total: 175 });
    const labels = { environment: 'prod', model: 'o4-mini', name: 'chat' };
    const end = at + 60_000;
    expect(await instant('sum_over_time(spanhouse_llm_input_tokens[5m])', end)).toEqual([[labels, '140']]);
    expect(await instant('sum_over_time(spanhouse_llm_output_tokens[5m])', end)).toEqual([[labels, '35']]);
    expect(await instant('sum_over_time(spanhouse_llm_total_tokens[5m])', end)).toEqual([[labels, '175']]);
    const [[, cost] = []] = await instant('sum_over_time(spanhouse_llm_cost_usd[5m])', end);
    expect(Number(cost)).toBeCloseTo(usage.totalCost, 12);
    expect(usage.totalCost).toBeGreaterThan(0);
  });
});
