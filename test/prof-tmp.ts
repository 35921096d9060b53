import { existsSync } from 'node:fs';
import { loadConfig } from '@spanhouse/config';
import { openMigratedDb, ParamBuilder } from '@spanhouse/db';
import { createLogger } from '@spanhouse/http';
import { rangeGrid, rangeQuery } from '../apps/query-api/src/prometheus/evaluate.ts';
import { createAllInOne } from '../apps/server/src/create-server.ts';
import { REFERENCE, SMOKE } from '../bench/src/prometheus/dataset.ts';
import { buildFrames } from '../bench/src/prometheus/frames.ts';
import { referenceQueries } from '../bench/src/prometheus/queries.ts';

const dir = '/tmp/prof/data';
const fresh = !existsSync(dir);
const d = process.env.FULL ? REFERENCE : SMOKE;
const creds = { bearerToken: 't', publicKey: 'p', secretKey: 's' };
const config = loadConfig({ DATA_DIR: dir, API_BEARER_TOKEN: 't', PUBLIC_KEY: 'p', SECRET_KEY: 's' });
const logger = createLogger('warn');
const db = await openMigratedDb({ ...config.clickhouse, dataDir: dir, logger });
const app = await createAllInOne({ config, logger, credentials: creds, db });
if (fresh) {
  const f = buildFrames(d, 2, 60);
  const t0 = performance.now();
  const order = f.frames[0]!.flatMap((_, k) => f.frames.map((p) => p[k]!));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < order.length) {
        const res = await app.app.request('/prometheus/api/v1/write', {
          method: 'POST',
          body: order[next++]!,
          headers: { Authorization: 'Bearer t', 'Content-Encoding': 'snappy' },
        });
        if (res.status !== 204) throw new Error(await res.text());
      }
    }),
  );
  console.log('load', f.points / ((performance.now() - t0) / 1000), 'points/s');
}
for (const q of referenceQueries(d)) {
  const grid = rangeGrid(q.startMs, q.endMs, q.stepMs);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await rangeQuery(db, q.promql, grid);
    times.push(performance.now() - t0);
  }
  console.log(q.id, times.map((t) => t.toFixed(1)).join(' '));
}
const { findSeries } = await import('../apps/query-api/src/prometheus/series-lookup.ts');
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await findSeries(db, [
    { name: '__name__', op: '=', value: 'cpu' },
    { name: 'host', op: '=', value: 'h7' },
    { name: 'region', op: '=', value: 'r3' },
  ]);
  const t1 = performance.now();
  await db.withReader(async (c) => (await c.query({ query: 'SELECT 1', format: 'JSONEachRow' })).json());
  console.log('series lookup', (t1 - t0).toFixed(1), 'select 1', (performance.now() - t1).toFixed(1));
}
const { plan } = await import('../apps/query-api/src/prometheus/plan.ts');
const { parsePromQL } = await import('../apps/query-api/src/prometheus/parse.ts');
const q = referenceQueries(d)[0]!;
const p = new ParamBuilder();
const compiled = await plan(parsePromQL(q.promql), { db, grid: rangeGrid(q.startMs, q.endMs, q.stepMs), p });
const { pointsSql } = await import('../apps/query-api/src/prometheus/samples-sql.ts');
const ids = (
  await findSeries(db, [
    { name: '__name__', op: '=', value: 'cpu' },
    { name: 'host', op: '=', value: 'h7' },
    { name: 'region', op: '=', value: 'r3' },
  ])
).map((s) => s.id);
const p2 = new ParamBuilder();
const src = pointsSql({ ids, names: ['cpu'] }, q.startMs - 300000, q.endMs + 300000, p2);
const variants: Record<string, [string, any]> = {
  main: [
    `SELECT toString(id), groupArray(k), groupArray(v) FROM (${(compiled as any).sql}) GROUP BY id SETTINGS do_not_merge_across_partitions_select_final = 1`,
    p.params,
  ],
  source: [`SELECT count() FROM (${src}) SETTINGS do_not_merge_across_partitions_select_final = 1`, p2.params],
  sourceNoFinal: [`SELECT count() FROM (${src.replaceAll(' FINAL', '')})`, p2.params],
  count: [
    `SELECT toString(id), groupArray(k), groupArray(v) FROM (${(compiled as any).sql.replace(/SELECT sid AS id, k, .* AS v FROM \(/s, 'SELECT sid AS id, k, toFloat64(length(vs)) AS v FROM (')}) GROUP BY id SETTINGS do_not_merge_across_partitions_select_final = 1`,
    p.params,
  ],
  explain: [
    `EXPLAIN PIPELINE SELECT toString(id), groupArray(k), groupArray(v) FROM (${(compiled as any).sql}) GROUP BY id SETTINGS do_not_merge_across_partitions_select_final = 1`,
    p.params,
  ],
  parts: [`SELECT table, count() FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table`, {}],
};
for (const [name, [sql, params]] of Object.entries(variants)) {
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const r = await db.withReader(async (c) =>
      (await c.query({ query: sql, query_params: params, format: 'JSONCompact' })).json(),
    );
    console.log(
      name,
      (performance.now() - t0).toFixed(1),
      i === 0 && (name === 'parts' || name === 'explain') ? JSON.stringify((r as any).data) : '',
    );
  }
}
await app.ingest.ingestor.close(5000);
await db.close();
