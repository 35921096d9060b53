import path from 'node:path';
import { DEFAULT_SPEC, type TraceSpec } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { rssSampler } from '../lib/proc.ts';
import { layoutOf, selfMetrics } from '../lib/self-metrics.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { benchProjects, loadedDataset, loadTraceDataset, upgradeDataset } from './load.ts';
import {
  type QueryTarget,
  runTraceQueries,
  type ScenarioResult,
  traceQueryComparison,
  traceQueryTable,
} from './queries.ts';
import { sampleDataset } from './sample.ts';

const GiB = 1024 ** 3;

/** The data set of `spec` over `projects` in its folder under `dir`: reused while complete, else built. */
async function dataset(opts: BenchOptions, spec: TraceSpec, projects: string[], total: number) {
  const dataDir = path.join(
    opts.dir,
    projects.length === 1 ? `traces-${spec.traces}` : `traces-${total}-p${projects.length}`,
  );
  let info = opts.reload ? undefined : loadedDataset(dataDir, spec, projects);
  if (info) {
    log(`reusing ${dataDir} (${info.traces} traces, ${info.observations} observations)`);
    await upgradeDataset(dataDir);
  } else {
    log(`loading ${spec.traces} traces of each of ${projects.length} projects into ${dataDir}`);
    info = await loadTraceDataset(dataDir, spec, projects);
  }
  return { dataDir, info };
}

/**
 * Trace reads at scale: the data set loaded once (reused while complete), then the real service.
 * With `--projects N` the traces are spread over N projects and the queries read the first, whose
 * traces are exactly the single-project data set of traces/N (load.ts, projectSpec); that store of
 * one project runs beside it, and every request goes to both in turn (the same machine state for
 * both), so the table compares the same project-local data in a shared store and a store of its own.
 */
export async function traceQuerySuite(opts: BenchOptions): Promise<string> {
  const projects = benchProjects(opts.projects);
  const spec: TraceSpec = { ...DEFAULT_SPEC, traces: Math.floor(opts.traces / projects.length) };
  const shared = projects.length > 1;
  const main = await dataset(opts, spec, projects, opts.traces);
  const alone = shared ? await dataset(opts, spec, benchProjects(1), spec.traces) : undefined;
  const svc = await startService({
    dataDir: main.dataDir,
    cpuProfDir: opts.profile ? path.join(opts.dir, 'profiles') : undefined,
  });
  const aloneSvc = alone ? await startService({ dataDir: alone.dataDir }) : undefined;
  const sampler = rssSampler(svc.pid);
  const project = shared ? projects[0] : undefined;
  const targets: QueryTarget[] = [
    { label: shared ? `${projects.length} projects` : 'service', baseUrl: svc.url, token: svc.token, project },
    ...(aloneSvc ? [{ label: 'one project', baseUrl: aloneSvc.url, token: aloneSvc.token }] : []),
  ];
  let results: ScenarioResult[][];
  try {
    const sample = await sampleDataset(svc.url, svc.token, project ? { 'Spanhouse-Project': project } : {});
    const layoutBefore = layoutOf(await selfMetrics(svc.url, svc.token));
    results = await runTraceQueries(targets, spec, sample, {
      runs: opts.runs,
      warmup: opts.smoke ? 1 : 5,
      only: opts.only,
    });
    const layoutAfter = layoutOf(await selfMetrics(svc.url, svc.token));
    const { peak } = svc.memory();
    const maxRss = sampler.max();
    const info = main.info;
    return [
      `### Trace queries (${fmt(info.traces)} traces, ${fmt(info.observations)} observations, ${fmt(info.scores)} scores over ${spec.days} days)`,
      '',
      ...(shared
        ? [
            `Spread over ${projects.length} projects of ${fmt(spec.traces)} traces each; every query reads ${projects[0]} (the admin with Spanhouse-Project), whose traces are the single-project data set of \`--traces ${spec.traces}\`.`,
            '',
          ]
        : []),
      `Data set generated inside ClickHouse in ${fmt(info.seconds)} s (INSERT ... SELECT from numbers(), one part per table and key range); on disk: ${Object.entries(
        info.bytes,
      )
        .map(([t, b]) => `${t} ${mib(b)}`)
        .join(', ')}.`,
      `One client, requests one at a time, ${opts.runs} timed per query after warm-up; parameters vary per request (trace ids, users and rare terms sampled from the data set through the API).`,
      ...(layoutBefore
        ? [
            `The store when the queries began: ${layoutBefore}; when they ended: ${layoutAfter ?? 'not reported'} (a read that merges rows at read time costs more the more parts: docs/performance.md).`,
          ]
        : []),
      '',
      traceQueryTable(spec, sample, results[0]!),
      '',
      ...(shared
        ? [
            `The same queries with the same parameters, each request sent to both stores in turn: ${projects[0]} in the store of ${projects.length} projects against the same traces in a store of one project (target: no slower, a ratio within the noise, ≤ 1.1×).`,
            '',
            traceQueryComparison([targets[0]!.label, targets[1]!.label], [results[0]!, results[1]!], 1.1),
            '',
          ]
        : []),
      `Service RSS during the queries: max ${mib(maxRss)} (peak since start ${mib(peak)}); target ≤ 1 GiB: ${peak <= GiB ? 'met' : '**missed**'}.`,
    ].join('\n');
  } finally {
    sampler.stop();
    await svc.stop();
    await aloneSvc?.stop();
  }
}
