import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { rssSampler } from '../lib/proc.ts';
import { REPO_ROOT, startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';

/** The reference scripts beside the repository (../shared, which CI has too). */
export const PEERS_DIR = path.resolve(
  process.env.METRICS_PEERS_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'reference', 'metrics-peers'),
);

const onPath = (bin: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
export const peersInstalled = () => onPath('prometheus') && onPath('victoria-metrics');

/** Runs a reference script with progress on stderr; rejects on a non-zero exit. */
function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: PEERS_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 2, 2] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

const duBytes = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
const demote = (md: string) => md.replace(/^(#+) /gm, '$1### ');

type Verdict = {
  loadRatio: number | null;
  loadVsProm: number | null;
  queryRatios: Record<string, number | null>;
  exact: Record<string, boolean>;
  exactCount: number;
  queries: string[];
  figure: string;
};

/**
 * Metrics against VictoriaMetrics and Prometheus in one run, through the reference driver
 * (run-service-vs-peers.sh: same data set into all three, answers checked point by point against
 * the reference semantics, medians of 7 runs, ratios). The peers come from Debian packages
 * (install-peers.sh) when missing, except in smoke mode, which then runs the service alone on a
 * small data set (load + exactness + timings, no ratios).
 */
export async function metricsSuite(opts: BenchOptions): Promise<string> {
  if (!existsSync(path.join(PEERS_DIR, 'run-service-vs-peers.sh'))) {
    return `### Metrics vs peers\n\nSkipped: reference scripts not found at ${PEERS_DIR} (set METRICS_PEERS_DIR).`;
  }
  let peers = peersInstalled();
  if (!peers && !opts.smoke) {
    log('installing prometheus and victoria-metrics from Debian (install-peers.sh)');
    await run('bash', ['install-peers.sh'], {});
    peers = peersInstalled();
  }
  const benchTmp = path.join(opts.dir, 'peers');
  const resultsDir = path.join(benchTmp, 'results', new Date().toISOString().replace(/[:.]/g, '').slice(0, 15));
  mkdirSync(resultsDir, { recursive: true });
  const dataDir = path.join(opts.dir, 'metrics-service');
  rmSync(dataDir, { recursive: true, force: true });
  const svc = await startService({ dataDir, detached: true });
  const sampler = rssSampler(svc.pid);
  // Smoke: 1 hour of the data set (1000 series x 360 points).
  const env: Record<string, string> = {
    BENCH_TMP: benchTmp,
    RESULTS_DIR: resultsDir,
    BASE_URL: svc.url,
    API_BEARER_TOKEN: svc.token,
    SVC_SID: String(svc.pid),
    RUNS: opts.smoke ? '3' : '7',
    WARMUP: opts.smoke ? '1' : '2',
    ...(opts.smoke ? { DS_POINTS: '360' } : {}),
  };
  let body: string;
  try {
    if (peers) {
      await run('bash', ['run-service-vs-peers.sh'], env);
      body = demote(readFileSync(path.join(resultsDir, 'summary.md'), 'utf8'));
    } else {
      const gen = path.join(benchTmp, 'svc.ndjson');
      await run(
        'node',
        ['gen.mjs', 'service-batch', '--parts', '1', '--out', gen, '--batch', '5000', '--order', 'time'],
        env,
      );
      await run('node', ['load.mjs', 'service', svc.url, gen], env);
      await run('sh', ['-c', `node queries.mjs verify svc=${svc.url} > ${resultsDir}/verify.md`], env);
      await run('sh', ['-c', `node queries.mjs bench svc=${svc.url} > ${resultsDir}/bench.md`], env);
      body = [
        'Peers not installed (smoke mode does not install them): the service alone, 1000 series x 360 points.',
        '',
        readFileSync(path.join(resultsDir, 'verify.md'), 'utf8'),
        readFileSync(path.join(resultsDir, 'bench.md'), 'utf8'),
      ].join('\n');
    }
  } finally {
    sampler.stop();
  }
  const disk = duBytes(dataDir);
  await svc.stop();
  const lines = [
    `### Metrics vs VictoriaMetrics and Prometheus (reference data set${opts.smoke ? ', 1 h cut' : ''})`,
    '',
  ];
  const verdictFile = path.join(resultsDir, 'verdict.json');
  if (peers && existsSync(verdictFile)) {
    const v = JSON.parse(readFileSync(verdictFile, 'utf8')) as Verdict;
    const met = (ok: boolean) => (ok ? 'met' : '**missed**');
    lines.push(
      table(
        ['target', 'measured (service / VictoriaMetrics)', 'met'],
        [
          ['load rate ≥ VM JSON import', `${fmt(v.loadRatio ?? Number.NaN)}×`, met((v.loadRatio ?? 0) >= 1)],
          ...v.queries.map((id) => [
            `query (${id}) ≤ VM median, exact`,
            `${fmt(v.queryRatios[id] ?? Number.NaN)}×, ${v.exact[id] ? 'exact' : 'NOT exact'}`,
            met((v.queryRatios[id] ?? Number.POSITIVE_INFINITY) <= 1 && v.exact[id] === true),
          ]),
        ],
      ),
      '',
    );
  }
  lines.push(
    `Service: RSS max ${mib(sampler.max())} during load and queries; data folder ${mib(disk)} after the run.`,
    '',
    body,
  );
  rmSync(dataDir, { recursive: true, force: true });
  return lines.join('\n');
}
