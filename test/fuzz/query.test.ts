import { queryRows, TABLES } from '@spanhouse/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { checkAnswer, pool } from '../support/fuzz/answers.ts';
import { FUZZ_SEED, hostileString, ODD_STRINGS, RUNS } from '../support/fuzz/hostile.ts';
import {
  enc,
  extraRaw,
  isFragment,
  type Params,
  paramSet,
  queryString,
  valuesOf,
} from '../support/fuzz/query-params.ts';
import { readWholeTables } from '../support/whole-tables.ts';

// Every query endpoint under >= 1000 hostile parameter sets each (seeded): SQL fragments in
// every parameter, in label keys and values, odd encodings, wrong types. Never a 5xx; a filter
// holding a SQL fragment matches nothing (were it spliced into SQL, it would match everything or
// fail); and the data set is byte-for-byte the same afterwards.
let app: TestApp;
let before: Snapshot;

type Snapshot = { tables: string[]; content: Record<string, string> };

async function snapshot(): Promise<Snapshot> {
  const tables = await queryRows(app.db, {
    sql: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
    tag: 'fuzz',
    map: (r) => String(r.name),
  });
  const content: Record<string, string> = {};
  for (const table of Object.values(TABLES)) {
    const [row] = await readWholeTables(app.db, `SELECT count() AS n, sum(cityHash64(*)) AS h FROM ${table} FINAL`);
    content[table] = `${row!.n}:${row!.h}`;
  }
  return { tables, content };
}

const SEED_USERS = ['alice', 'bob'];
beforeAll(async () => {
  app = await createTestApp('fuzz_query');
  for (let i = 0; i < 12; i++) {
    const id = `q-t${i}`;
    const res = await app.post('/v1/l/batch', {
      trace: {
        id,
        timestamp: `2026-04-0${1 + (i % 3)}T10:00:00Z`,
        name: i % 2 ? 'chat' : 'search',
        userId: SEED_USERS[i % 2],
        session_id: `s${i % 4}`,
        tags: i % 3 ? ['t1'] : ['t1', 't2'],
        release: 'r1',
        version: `v${i % 2}`,
        environment: i % 2 ? 'prod' : 'dev',
      },
      observations: [
        {
          id: `${id}-g`,
          type: 'GENERATION',
          model: 'gpt-4o-mini',
          startTime: `2026-04-0${1 + (i % 3)}T10:00:00Z`,
          endTime: `2026-04-0${1 + (i % 3)}T10:00:02Z`,
          promptTokens: 100,
          completionTokens: 20,
        },
      ],
    });
    expect(res.status).toBe(200);
  }
  const metrics = [];
  for (const host of ['a', 'b']) {
    for (let m = 0; m < 30; m++) {
      metrics.push({
        name: 'cpu',
        labels: { host, region: host === 'a' ? 'eu' : 'us' },
        value: m,
        timestamp: `2026-04-01T10:${String(m).padStart(2, '0')}:00Z`,
      });
      metrics.push({
        name: 'mem',
        labels: { host },
        value: m * 2,
        timestamp: `2026-04-01T10:${String(m).padStart(2, '0')}:30Z`,
      });
    }
  }
  expect((await app.post('/v1/metrics/batch', { metrics })).status).toBe(200);
  before = await snapshot();
});

afterAll(async () => {
  if (app) {
    // The data set is unchanged by every injection attempt of every endpoint.
    expect(await snapshot()).toEqual(before);
    await app.close();
  }
});

async function run(path: string, n: number, note: string) {
  const res = await app.app.request(path, { headers: { Authorization: 'Bearer test-token' } });
  return checkAnswer(res, `${path.slice(0, 300)} #${n} (seed ${FUZZ_SEED}; ${note})`);
}

/** Runs RUNS generated cases; `check` gets each 200 answer. Returns the status counts. */
async function fuzzQuery<T>(
  arb: fc.Arbitrary<T>,
  toPath: (c: T) => string,
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON answer, checked field by field
  check: (c: T, body: any, status: number) => void,
): Promise<Record<string, number>> {
  const cases = fc.sample(arb, { seed: FUZZ_SEED, numRuns: RUNS });
  const statuses: Record<string, number> = {};
  await pool(cases, 4, async (c, n) => {
    const path = toPath(c);
    const { status, body } = await run(path, n, JSON.stringify(c).slice(0, 200));
    statuses[status] = (statuses[status] ?? 0) + 1;
    check(c, body, status);
  });
  return statuses;
}

const TRACE_FILTERS = ['userId', 'name', 'sessionId', 'tags', 'version', 'release', 'environment'];
const DAILY_FILTERS = ['traceName', 'userId', 'tags', 'version', 'release'];
const DATES = ['2026-04-01T00:00:00Z', '2026-04-03T23:59:59Z', '2026-04-02T10:00:00.000+02:00'];

describe('query endpoints under hostile parameters', () => {
  it(`GET /api/public/traces (${RUNS} cases)`, { timeout: 180_000 }, async () => {
    const arb = fc.record({
      params: paramSet(
        {
          page: ['1', '2', '0', '-1', '999999999999'],
          limit: ['1', '50', '200', '201', '0'],
          userId: SEED_USERS,
          name: ['chat', 'search'],
          sessionId: ['s1'],
          fromTimestamp: DATES,
          toTimestamp: DATES,
          orderBy: ['timestamp.desc', 'latency.asc', 'totalCost.desc', 'name.asc', 'timestamp'],
          tags: ['t1', 't2', 't1,t2'],
          version: ['v0', 'v1'],
          release: ['r1'],
          environment: ['prod', 'dev', 'prod,dev'],
          fields: ['io', 'scores', 'observations', 'metrics', 'io,metrics', ''],
        },
        TRACE_FILTERS,
      ),
      extra: extraRaw,
    });
    const filters = TRACE_FILTERS;
    const statuses = await fuzzQuery(
      arb,
      (c) => `/api/public/traces?${queryString(c.params, c.extra)}`,
      (c, body, status) => {
        if (status !== 200) return;
        if (filters.some((f) => valuesOf(c.params[f as keyof typeof c.params]).some(isFragment))) {
          expect(body.meta.totalItems, `filter ${JSON.stringify(c.params)} matched rows`).toBe(0);
          expect(body.data).toEqual([]);
        }
        for (const t of body.data) expect(t.id).toMatch(/^q-t\d+$/);
      },
    );
    expect(statuses['400']).toBeGreaterThan(RUNS / 4);
    console.log(`fuzz GET /api/public/traces: ${JSON.stringify(statuses)}`);
  });

  it(`GET /api/public/traces/:traceId (${RUNS} cases)`, { timeout: 120_000 }, async () => {
    const statuses = await fuzzQuery(
      fc.oneof(hostileString, fc.constantFrom(...ODD_STRINGS.filter(Boolean))),
      (id) => `/api/public/traces/${enc(id)}`,
      (id, _body, status) => {
        expect(status, `trace id ${JSON.stringify(id).slice(0, 80)} found`).not.toBe(200);
      },
    );
    console.log(`fuzz GET /api/public/traces/:traceId: ${JSON.stringify(statuses)}`);
  });

  it(`GET /api/public/metrics/daily (${RUNS} cases)`, { timeout: 180_000 }, async () => {
    const arb = fc.record({
      params: paramSet(
        {
          page: ['1', '2', '0'],
          limit: ['1', '50', '200', '201'],
          traceName: ['chat', 'search'],
          userId: SEED_USERS,
          tags: ['t1', 't2'],
          fromTimestamp: DATES,
          toTimestamp: DATES,
          version: ['v0', 'v1'],
          release: ['r1'],
        },
        DAILY_FILTERS,
      ),
      extra: extraRaw,
    });
    const filters = DAILY_FILTERS;
    const statuses = await fuzzQuery(
      arb,
      (c) => `/api/public/metrics/daily?${queryString(c.params, c.extra)}`,
      (c, body, status) => {
        if (status !== 200) return;
        if (filters.some((f) => valuesOf(c.params[f as keyof typeof c.params]).some(isFragment))) {
          expect(body.data, `filter ${JSON.stringify(c.params)} matched rows`).toEqual([]);
        }
      },
    );
    expect(statuses['400']).toBeGreaterThan(RUNS / 4);
    console.log(`fuzz GET /api/public/metrics/daily: ${JSON.stringify(statuses)}`);
  });

  it(`GET /api/public/metrics/query (${RUNS} cases)`, { timeout: 180_000 }, async () => {
    const labelObject = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .dictionary(hostileString, hostileString, { minKeys: 1, maxKeys: 3 })
          .map((o) => JSON.stringify(o)),
      },
      { weight: 1, arbitrary: fc.constantFrom('{"host":"a"}', '{"region":"us"}', '{}') },
      { weight: 1, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.constantFrom('[]', 'null', '{"host":1}', '{"host":["a"]}', '{"host":{"$ne":1}}') },
    );
    const arb = fc.record({
      params: fc
        .tuple(
          paramSet(
            {
              name: ['cpu', 'mem'],
              from: ['2026-04-01T09:00:00Z', '2026-04-01T10:00:00Z'],
              to: ['2026-04-01T11:00:00Z', '2026-04-02T00:00:00Z'],
              step: ['1m', '5m', '1h', '1d'],
              agg: ['avg', 'max', 'min', 'sum', 'last', 'p50', 'p90', 'p99'],
              group_by: ['host', 'region'],
            },
            ['name', 'group_by'],
          ),
          fc.option(labelObject, { nil: undefined }),
        )
        .map(([p, labels]) => ({ name: 'cpu', ...p, labels }) as Params),
      extra: extraRaw,
    });
    const seeded = new Set(['a', 'b', 'eu', 'us', '']);
    const statuses = await fuzzQuery(
      arb,
      (c) => `/api/public/metrics/query?${queryString(c.params, c.extra)}`,
      (c, body, status) => {
        if (status !== 200) return;
        let labels: Record<string, unknown> = {};
        try {
          labels = JSON.parse(String(c.params.labels ?? '{}'));
        } catch {}
        const hostileFilter =
          valuesOf(c.params.name).some(isFragment) ||
          Object.entries(labels ?? {}).some(([k, v]) => isFragment(k) || isFragment(v));
        if (hostileFilter) expect(body.data, `filter ${JSON.stringify(c.params)} matched series`).toEqual([]);
        // Answers only ever show stored label values.
        for (const s of body.data) for (const v of Object.values(s.labels)) expect(seeded.has(String(v))).toBe(true);
      },
    );
    expect(statuses['400']).toBeGreaterThan(RUNS / 4);
    console.log(`fuzz GET /api/public/metrics/query: ${JSON.stringify(statuses)}`);
  });

  it(`GET /api/public/metrics/names (${RUNS} cases)`, { timeout: 120_000 }, async () => {
    const statuses = await fuzzQuery(
      fc.record({ params: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), extra: extraRaw }),
      (c) => `/api/public/metrics/names?${queryString(c.params, c.extra)}`,
      (_c, body, status) => {
        expect(status).toBe(200);
        expect([...body.data].sort()).toEqual(['cpu', 'mem']);
      },
    );
    console.log(`fuzz GET /api/public/metrics/names: ${JSON.stringify(statuses)}`);
  });
});
