import path from 'node:path';
import { DEFAULT_SPEC, type TraceSpec } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { benchProjects, loadedDataset, loadTraceDataset } from './load.ts';
import { runTraceQueries, traceQueryTable } from './queries.ts';

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
  try {
    results = await runTraceQueries(svc.url, svc.token, spec, {
      runs: opts.runs,
      warmup: opts.smoke ? 2 : 5,
      only: opts.only,
      project: projects.length > 1 ? projects[0] : undefined,
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
    `Data set generated and loaded in ${fmt(info.seconds)} s (rows built by the service's builders, inserted as JSONEachRow, then OPTIMIZE FINAL).`,
    `One client, requests one at a time, ${opts.runs} timed per query after warm-up; parameters vary per request.`,
    '',
    traceQueryTable(spec, results),
    '',
    `Service RSS during the queries: max ${mib(maxRss)} (peak since start ${mib(peak)}); target ≤ 1 GiB: ${peak <= GiB ? 'met' : '**missed**'}.`,
  ].join('\n');
}
