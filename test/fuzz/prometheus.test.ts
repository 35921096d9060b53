import { ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import fc from 'fast-check';
import { compressSync } from 'snappy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { pool } from '../support/fuzz/answers.ts';
import { byteDamage, damage, type RawBody } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, hostileString, RUNS, SQL_FRAGMENTS } from '../support/fuzz/hostile.ts';
import { fuzzIngest } from '../support/fuzz/ingest-fuzz.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody, writeRequestBytes } from '../support/prometheus/remote-write-client.ts';

// The Prometheus endpoints under hostile input (seeded): generated PromQL with SQL fragments in
// label values and regexes, odd numbers and durations, and hostile time parameters, never answer
// 5xx and refuse in Prometheus' envelope; a selector holding a SQL fragment matches nothing. Damaged
// remote-write bodies never answer 5xx and store nothing when refused.
let app: TestApp;
const T = Date.UTC(2026, 3, 1);
beforeAll(async () => {
  app = await createTestApp('fuzz_prometheus');
  const body = remoteWriteBody(
    ['a', 'b'].map((h) => ({
      labels: { __name__: 'fz_cpu', host: h },
      samples: [
        [T, 1],
        [T + 15_000, 2],
        [T + 30_000, 3],
      ],
    })),
  );
  expect(
    (await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS })).status,
  ).toBe(204);
});
afterAll(() => app?.close());

const quoted = (s: string) => JSON.stringify(s);
const label = fc.oneof(
  fc.constantFrom('host', 'region', '__name__', 'le'),
  fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/),
);
const matcher = fc
  .tuple(
    label,
    fc.constantFrom('=', '!=', '=~', '!~'),
    fc.oneof(hostileString, fc.constantFrom(...SQL_FRAGMENTS), fc.constantFrom('a', '.*', '(', 'a|b')),
  )
  .map(([l, op, v]) => `${l}${op}${quoted(v)}`);
const selector = fc
  .tuple(fc.constantFrom('fz_cpu', '', 'nope', '{__name__="fz_cpu"}'), fc.array(matcher, { maxLength: 3 }))
  .map(([name, ms]) => (name.startsWith('{') ? name : `${name}{${ms.join(',')}}`));
const duration = fc.constantFrom('5m', '1s', '0s', '1h30m', '299999ms', '-1m', '10y', '5', 'x');
const number = fc.constantFrom('0', '1', '-1', '0.5', '1e308', 'NaN', 'Inf', '-Inf', '0x10', '2.5e-3');
const promql: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    selector,
    number,
    fc
      .tuple(
        fc.constantFrom(
          'rate',
          'irate',
          'increase',
          'delta',
          'avg_over_time',
          'sum_over_time',
          'changes',
          'stddev_over_time',
        ),
        selector,
        duration,
      )
      .map(([f, s, d]) => `${f}(${s}[${d}])`),
    fc.tuple(number, selector, duration).map(([q, s, d]) => `quantile_over_time(${q}, ${s}[${d}])`),
    fc
      .tuple(
        fc.constantFrom('sum', 'avg', 'min', 'max', 'count', 'stddev', 'group'),
        fc.constantFrom('', ' by (host)', ' without (host)'),
        tie('e'),
      )
      .map(([a, g, e]) => `${a}${g} (${e})`),
    fc.tuple(fc.constantFrom('topk', 'bottomk', 'quantile'), number, tie('e')).map(([a, n, e]) => `${a}(${n}, ${e})`),
    fc.tuple(number, tie('e')).map(([q, e]) => `histogram_quantile(${q}, ${e})`),
    fc
      .tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%', '^', '>', '< bool', '==', 'and'), tie('e'))
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(selector, duration).map(([s, d]) => `${s} offset ${d}`),
    hostileString,
  ),
})).e;
const time = fc.oneof(
  fc.constantFrom(String(T / 1000), String(T / 1000 + 60), '0', '-1', '1e20', 'NaN', '2026-04-01T00:00:00Z', 'x', ''),
  fc.double().map(String),
);

describe('Prometheus API under hostile queries', () => {
  it(`never answers 5xx; refuses in Prometheus' envelope (${RUNS} queries, seed ${FUZZ_SEED})`, async () => {
    const cases = fc.sample(
      fc.tuple(promql, time, time, fc.constantFrom('15', '0', '-5', '1e-9', '1m', 'x', '0.001')),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
    const statuses: Record<number, number> = {};
    await pool(cases, 4, async ([query, start, end, step], n) => {
      const range = n % 2 === 0;
      const params = new URLSearchParams(range ? { query, start, end, step } : { query, time: start });
      const res = await app.request(`/prometheus/api/v1/${range ? 'query_range' : 'query'}?${params}`);
      const text = await res.text();
      const where = `#${n} ${range ? 'query_range' : 'query'} ${params}`;
      expect(res.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const body = JSON.parse(text);
      if (res.status !== 200)
        expect(body, where).toMatchObject({
          status: 'error',
          errorType: expect.any(String),
          error: expect.any(String),
        });
      else expect(body.status, where).toBe('success');
    });
    expect(statuses[200]).toBeGreaterThan(RUNS / 20);
    expect(statuses[400]).toBeGreaterThan(RUNS / 20);
  });

  it('a label value holding a SQL fragment matches nothing', async () => {
    for (const fragment of SQL_FRAGMENTS) {
      const res = await app.get(
        `/prometheus/api/v1/query?${new URLSearchParams({ query: `fz_cpu{host=${quoted(fragment)}}`, time: String(T / 1000 + 30) })}`,
      );
      expect(res.status, fragment).toBe(200);
      expect(res.body.data.result, fragment).toEqual([]);
    }
  });
});

describe('remote write under damaged bodies', () => {
  it(`never answers 5xx and stores nothing of a refused request (${RUNS} bodies, seed ${FUZZ_SEED})`, async () => {
    // The name carries the request's number and a check digit pair, so that damage which turns one
    // marker into another (a flipped bit in a digit) is not taken for the other request's points.
    const check = (n: number) => (n * 7919) % 9973;
    const valid = (n: number) =>
      writeRequestBytes([
        {
          labels: { __name__: `fz_rw_${n}_${check(n)}`, job: 'x' },
          samples: [
            [T, n],
            [T + 1000, n + 1],
          ],
        },
      ]);
    const bodies: fc.Arbitrary<(n: number) => RawBody> = fc.oneof(
      byteDamage.map(
        (d) =>
          (n: number): RawBody => ({
            body: compressSync(Buffer.from(damage(valid(n), d))),
            headers: REMOTE_WRITE_HEADERS,
            note: `protobuf ${d.kind}`,
          }),
      ),
      byteDamage.map(
        (d) =>
          (n: number): RawBody => ({
            body: damage(compressSync(Buffer.from(valid(n))), d),
            headers: REMOTE_WRITE_HEADERS,
            note: `snappy ${d.kind}`,
          }),
      ),
      fc
        .uint8Array({ maxLength: 64 })
        .map((b) => (): RawBody => ({ body: b, headers: REMOTE_WRITE_HEADERS, note: 'random bytes' })),
    );
    const { refused } = await fuzzIngest({
      app,
      path: '/prometheus/api/v1/write',
      bodies,
      storedSql: `SELECT DISTINCT name AS id FROM ${TABLES.metricSeries} WHERE name LIKE 'fz_rw_%'`,
      markerOf: (id) => {
        const m = /^fz_rw_(\d+)_(\d+)$/.exec(id);
        return m && check(Number(m[1])) === Number(m[2]) ? Number(m[1]) : undefined;
      },
    });
    expect(refused).toBeGreaterThan(RUNS / 4);
    // The data written before the fuzz is intact.
    const p = new ProjectParams(DEFAULT_PROJECT_ID);
    const n = await queryRows(app.db, {
      sql: `SELECT count() AS n ${fromProject(TABLES.metricSamples, p, { final: true })} AND name = 'fz_cpu'`,
      params: p.params,
      tag: 'fuzz',
      map: (r) => Number(r.n),
    });
    expect(n).toEqual([6]);
  });
});
