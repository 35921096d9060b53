import path from 'node:path';
import { DEFAULT_SPEC, type TraceSpec } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { benchProjects, loadedDataset, loadTraceDataset } from './load.ts';
import { runTraceQueries, traceQueryTable } from './queries.ts';
import { sampleDataset } from './sample.ts';

const GiB = 1024 ** 3;

/**
 * Trace reads at scale: the data set loaded once (reused while complete), then the real service.
 * With `--projects N` the traces are spread over N projects and the queries read the first, whose
 * traces are exactly the single-project data set of traces/N (load.ts, projectSpec): compare with
 * `--traces <traces/N>` for the same project-local data in a store of one project.
 */
export async function traceQuerySuite(opts: BenchOptions): Promise<string> {
  const projects = benchProjects(opts.projects);
  const spec: TraceSpec = { ...DEFAULT_SPEC, traces: Math.floor(opts.traces / projects.length) };
  const dataDir = path.join(
    opts.dir,
    projects.length === 1 ? `traces-${spec.traces}` : `traces-${opts.traces}-p${projects.length}`,
  );
  let info = opts.reload ? undefined : loadedDataset(dataDir, spec, projects);
  if (info) log(`reusing ${dataDir} (${info.traces} traces, ${info.observations} observations)`);
  else {
    log(`loading ${spec.traces} traces of each of ${projects.length} projects into ${dataDir}`);
    info = await loadTraceDataset(dataDir, spec, projects);
  }
  const svc = await startService({
    dataDir,
    cpuProfDir: opts.profile ? path.join(opts.dir, 'profiles') : undefined,
  });
  const sampler = rssSampler(svc.pid);
  let results: Awaited<ReturnType<typeof runTraceQueries>>;
  const project = projects.length > 1 ? projects[0] : undefined;
  const sample = await sampleDataset(svc.url, svc.token, project ? { 'Spanhouse-Project': project } : {});
  try {
    results = await runTraceQueries(svc.url, svc.token, spec, sample, {
      runs: opts.runs,
      warmup: opts.smoke ? 2 : 5,
      only: opts.only,
      project,
    });
  } finally {
    sampler.stop();
  }
  const { peak } = svc.memory();
  const maxRss = sampler.max();
  await svc.stop();
  return [
    `### Trace queries (${fmt(info.traces)} traces, ${fmt(info.observations)} observations, ${fmt(info.scores)} scores over ${spec.days} days)`,
    '',
    ...(projects.length > 1
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
    '',
    traceQueryTable(spec, sample, results),
    '',
    `Service RSS during the queries: max ${mib(maxRss)} (peak since start ${mib(peak)}); target ≤ 1 GiB: ${peak <= GiB ? 'met' : '**missed**'}.`,
  ].join('\n');
}
