import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * Retention (docs/data-lifecycle.md): a project's retention hides its older rows from every read
 * from the answer that sets it on (traces, observations, scores, sessions, daily usage, metric
 * points, PromQL over samples and the LLM series), and the merges give their bytes back (TTL); an
 * import older than the retention is accepted and never readable; the instance's RETENTION_DAYS
 * applies to projects without their own.
 */

const DAY_MS = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let project: string;
const asProject = () => ({ 'Spanhouse-Project': project });

/** A trace at `at` with a generation and a score, in session `s`, and a metric point at the same time. */
async function writeAt(id: string, at: number, headers: Record<string, string> = asProject()) {
  const batch = await t.post(
    '/v1/l/batch',
    {
      trace: { id, timestamp: iso(at), name: 'chat', userId: 'u-1', sessionId: 's-1' },
      observations: [
        {
          id: `${id}-gen`,
          type: 'GENERATION',
          name: 'llm',
          model: 'gpt-4o',
          startTime: iso(at),
          endTime: iso(at + 1000),
          promptTokens: 10,
          completionTokens: 5,
          parentObservationId: null,
        },
      ],
    },
    headers,
  );
  expect(batch.status).toBe(200);
  // A score's time is its event's (POST /api/public/scores stamps the arrival instead).
  const score = await t.post(
    '/api/public/ingestion',
    {
      batch: [
        {
          id: `${id}-event`,
          type: 'score-create',
          timestamp: iso(at),
          body: { id: `${id}-score`, traceId: id, name: 'quality', value: 1 },
        },
      ],
    },
    headers,
  );
  expect(score.status).toBe(207);
  expect(score.body.successes).toHaveLength(1);
  const metric = await t.post(
    '/v1/metrics/batch',
    { metrics: [{ name: 'retention.probe', labels: { trace: id }, value: 1, timestamp: iso(at) }] },
    headers,
  );
  expect(metric.status).toBe(200);
}

/** What every read shows of the traces `old` and `fresh`: which of them each read returns. */
async function visible(headers: Record<string, string> = asProject()) {
  const ids = (xs: { id?: string; traceId?: string }[]) => xs.map((x) => x.traceId ?? x.id).sort();
  const list = await t.get('/api/public/traces?limit=100', headers);
  const observations = await t.get('/api/public/observations?limit=100', headers);
  const scores = await t.get('/api/public/v2/scores?limit=100', headers);
  const session = await t.get('/api/public/sessions/s-1', headers);
  const daily = await t.get('/api/public/metrics/daily', headers);
  const searched = await t.get('/api/public/traces?limit=100&search=chat', headers);
  const searchedObservations = await t.get('/api/public/observations?limit=100&search=llm', headers);
  const points = await t.get(
    `/api/public/metrics/query?name=retention.probe&from=${iso(now - 40 * DAY_MS)}&to=${iso(now + DAY_MS)}&step=1d&agg=sum&group_by=trace`,
    headers,
  );
  /** The sum of an instant query's values (0 for none). */
  const promql = async (query: string) => {
    const r = await t.get(`/prometheus/api/v1/query?query=${encodeURIComponent(query)}&time=${now / 1000}`, headers);
    expect(r.status).toBe(200);
    return (r.body.data.result as { value: [number, string] }[]).reduce((n, s) => n + Number(s.value[1]), 0);
  };
  return {
    list: ids(list.body.data),
    observations: ids(observations.body.data),
    scores: ids(scores.body.data),
    session: session.status === 200 ? ids(session.body.traces) : [],
    search: ids(searched.body.data),
    searchObservations: ids(searchedObservations.body.data),
    dailyTraces: (daily.body.data as { countTraces: number }[]).reduce((n, d) => n + d.countTraces, 0),
    seriesWithPoints: points.status === 200 ? points.body.data.length : points.body,
    samplePoints: await promql('count_over_time({__name__="retention.probe"}[40d])'),
    llmPoints: await promql('sum(count_over_time(spanhouse_llm_total_tokens[40d]))'),
  };
}

beforeAll(async () => {
  t = await createTestApp('lifecycle-retention', { RETENTION_DAYS: '20' });
  const created = await t.post('/api/public/projects', { name: 'retained' });
  expect(created.status).toBe(201);
  project = created.body.id;
  await writeAt('old', now - 10 * DAY_MS);
  await writeAt('fresh', now - 1 * DAY_MS);
});

afterAll(async () => {
  await t?.close();
});

describe('a project retention', () => {
  it('hides older rows from every read from the answer that sets it', async () => {
    const before = await visible();
    expect(before).toMatchObject({
      list: ['fresh', 'old'],
      observations: ['fresh', 'old'],
      scores: ['fresh', 'old'],
      session: ['fresh', 'old'],
      search: ['fresh', 'old'],
      searchObservations: ['fresh', 'old'],
      dailyTraces: 2,
    });
    expect(before).toMatchObject({ seriesWithPoints: 2, samplePoints: 2, llmPoints: 2 });

    const set = await t.request(`/api/public/projects/${project}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'retained', retention: 7 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(set.status).toBe(200);
    expect((await t.get(`/api/public/traces/old`, asProject())).status).toBe(404);
    expect((await t.get(`/api/public/traces/fresh`, asProject())).status).toBe(200);
    expect((await t.get(`/api/public/observations/old-gen`, asProject())).status).toBe(404);
    const after = await visible();
    expect(after).toMatchObject({
      list: ['fresh'],
      observations: ['fresh'],
      scores: ['fresh'],
      session: ['fresh'],
      search: ['fresh'],
      searchObservations: ['fresh'],
      dailyTraces: 1,
    });
    expect(after).toMatchObject({ seriesWithPoints: 1, samplePoints: 1, llmPoints: 1 });
  });

  it('gives the older rows bytes back by their TTL rules', async () => {
    const rows = async () =>
      Number(
        (
          await (
            await t.db.writer.query({
              query: `SELECT (SELECT count() FROM traces_v2 WHERE project_id = {p:String}) + (SELECT count() FROM observation_pieces_v2 WHERE project_id = {p:String}) + (SELECT count() FROM scores_v2 WHERE project_id = {p:String}) + (SELECT count() FROM metric_samples_v2 WHERE project_id = {p:String}) AS n`,
              query_params: { p: project },
              format: 'JSONEachRow',
            })
          ).json<{ n: string }>()
        )[0]!.n,
      );
    expect(await rows()).toBe(8);
    const swept = await t.projects.sweeper.sweep({ wait: true });
    expect(swept).toEqual(
      expect.arrayContaining(['traces_v2', 'observation_pieces_v2', 'scores_v2', 'metric_samples_v2']),
    );
    expect(await rows()).toBe(4);
  });

  it('accepts an import older than the retention and never shows it (dropped as it is inserted)', async () => {
    await writeAt('imported', now - 30 * DAY_MS);
    expect((await t.get('/api/public/traces/imported', asProject())).status).toBe(404);
    const stored = await (
      await t.db.writer.query({
        query: `SELECT count() AS n FROM traces_v2 WHERE project_id = {p:String} AND id = 'imported'`,
        query_params: { p: project },
        format: 'JSONEachRow',
      })
    ).json<{ n: string }>();
    expect(Number(stored[0]!.n)).toBe(0);
  });
});

describe("the instance's RETENTION_DAYS", () => {
  it('applies to a project without its own retention (the default project here, 20 days)', async () => {
    const defaults = {};
    await writeAt('default-fresh', now - 2 * DAY_MS, defaults);
    await writeAt('default-old', now - 25 * DAY_MS, defaults);
    const seen = await visible(defaults);
    expect(seen.list).toEqual(['default-fresh']);
    expect(seen.scores).toEqual(['default-fresh']);
  });

  it('gives way to a project retention longer than it', async () => {
    const put = await t.request(`/api/public/projects/${project}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'retained', retention: 40 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(put.status).toBe(200);
    await writeAt('long-kept', now - 30 * DAY_MS);
    expect((await t.get('/api/public/traces/long-kept', asProject())).status).toBe(200);
  });
});
