import { rmSync } from 'node:fs';
import path from 'node:path';
import { alternate } from '../lib/alternate.ts';
import type { BenchOptions } from '../lib/args.ts';
import { getJson, httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt, median } from '../lib/stats.ts';
import { serviceBatchBodies } from '../metrics/bodies.ts';
import { endMs, type MetricsDataset, REFERENCE_DATASET, totalPoints } from '../metrics/dataset.ts';
import { loadService } from '../metrics/load.ts';
import { referenceQueries, serviceParams } from '../metrics/queries.ts';
import { checkServiceAnswer, expectedAnswer } from '../metrics/reference.ts';

type Store = { label: string; svc: Service; headers: Record<string, string> };

/**
 * Metrics queries of one project in a store shared by N projects against the same points in a
 * store of their own (the projects issue's "no slower than a single project for the same
 * project-local data"). The reference data set's 8.64 M points are spread over the projects: each
 * holds the 1000 series of the reference set over 1/N of its 24 hours (its own seed, so the
 * projects' values differ while their series and times are the same: a read that let another
 * project's points in would fail the point-by-point check). Both stores run at once and every
 * request goes to each in turn, with the same parameters.
 */
export async function projectMetricsSuite(opts: BenchOptions): Promise<string> {
  const n = opts.projects > 1 ? opts.projects : 20;
  const points = Math.floor(REFERENCE_DATASET.points / n / (opts.smoke ? 4 : 1));
  const dsOf = (k: number): MetricsDataset => ({ ...REFERENCE_DATASET, points, seed: REFERENCE_DATASET.seed + k });
  const ds = dsOf(0);
  const runs = opts.smoke ? 5 : 31;
  const dir = path.join(opts.dir, 'project-metrics');
  rmSync(dir, { recursive: true, force: true });
  const sharedSvc = await startService({ dataDir: path.join(dir, 'shared') });
  const aloneSvc = await startService({ dataDir: path.join(dir, 'alone') });
  try {
    const auth = { Authorization: `Bearer ${sharedSvc.token}`, 'Content-Type': 'application/json' };
    const ids: string[] = [];
    for (let k = 0; k < n; k++) {
      const body = JSON.stringify({ name: `bench-metrics-${String(k).padStart(2, '0')}` });
      const r = await httpRequest(`${sharedSvc.url}/api/public/projects`, {
        method: 'POST',
        headers: { ...auth, 'Content-Length': String(Buffer.byteLength(body)) },
        body,
      });
      if (r.status !== 201) throw new Error(`POST /api/public/projects -> ${r.status}: ${r.body}`);
      ids.push((JSON.parse(r.body.toString()) as { id: string }).id);
    }
    const t0 = performance.now();
    for (const [k, id] of ids.entries())
      await loadService(sharedSvc.url, sharedSvc.token, serviceBatchBodies(dsOf(k)), 8, { 'Spanhouse-Project': id });
    const sharedLoadS = (performance.now() - t0) / 1000;
    await loadService(aloneSvc.url, aloneSvc.token, serviceBatchBodies(ds));
    log(
      `loaded ${fmt(n * totalPoints(ds))} points over ${n} projects in ${fmt(sharedLoadS)} s, and ${fmt(totalPoints(ds))} alone`,
    );

    const stores: Store[] = [
      { label: `${n} projects`, svc: sharedSvc, headers: { 'Spanhouse-Project': ids[0]! } },
      { label: 'one project', svc: aloneSvc, headers: {} },
    ];
    const rows: string[][] = [];
    const compare = async (name: string, pathOf: () => string, check: (body: unknown) => string | undefined) => {
      const ms = await alternate(stores, { runs, warmup: 2 }, (k, timed) => async (s) => {
        const r = await getJson(s.svc.url + pathOf(), s.svc.token, s.headers);
        const problem = timed && k === runs - 1 ? check(r.json) : undefined;
        if (problem) throw new Error(`${name} on ${s.label}: ${problem}`);
        return r.ms;
      });
      const [a, b] = ms.map((m) => median(m)) as [number, number];
      rows.push([name, fmt(a), fmt(b), `${fmt(a / b)}×`, a / b <= 1.1 ? 'yes' : '**no**']);
      log(`${name}: ${fmt(a)} ms shared, ${fmt(b)} ms alone`);
    };

    for (const r of referenceQueries(ds)) {
      const expected = expectedAnswer(ds, r.q);
      await compare(
        `(${r.id}) ${r.title}`,
        () => `/api/public/metrics/query?${serviceParams(r.q)}`,
        (body) => {
          const c = checkServiceAnswer(expected, body);
          return c.exact ? undefined : c.problems.join('; ');
        },
      );
    }
    // The Prometheus API: its answers must be the same in both stores (same points, same engine).
    const promAnswers = new Map<string, string>();
    const range = new URLSearchParams({
      query: `sum by (region) (rate(${ds.metric}[5m]))`,
      start: String(ds.startMs / 1000 + 300),
      end: String(endMs(ds) / 1000),
      step: '60',
      // Every request computed, not the dashboard-refresh cache's answer.
      nocache: '1',
    });
    await compare(
      'PromQL sum by (region) (rate(cpu[5m])), step 1m',
      () => `/prometheus/api/v1/query_range?${range}`,
      (body) => {
        const text = JSON.stringify((body as { data: unknown }).data);
        const other = promAnswers.get('range');
        promAnswers.set('range', text);
        return other === undefined || other === text ? undefined : 'differs between the stores';
      },
    );
    return [
      `### Metrics queries of one project among ${n} (shared store) and alone`,
      '',
      `${fmt(n * totalPoints(ds))} points over ${n} projects (1000 series × ${fmt(points)} points each), the first project's ${fmt(totalPoints(ds))} also in a store of their own; ${runs} timed requests per query and store, alternating, medians; every answer checked (the metrics API point by point against the data set, PromQL equal in both stores).`,
      '',
      table(['query', `${n} projects ms`, 'one project ms', 'ratio', 'no slower (≤ 1.1×)'], rows),
    ].join('\n');
  } finally {
    await sharedSvc.stop();
    await aloneSvc.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
