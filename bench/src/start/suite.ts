import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/args.ts';
import { getJson } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { processTree, rssOf } from '../lib/proc.ts';
import { ALLOCATOR_ENV, freePort, REPO_ROOT } from '../lib/service.ts';
import { fmt, median, mib } from '../lib/stats.ts';
import { serviceBatchBodies } from '../metrics/bodies.ts';
import { SMOKE_DATASET } from '../metrics/dataset.ts';
import { loadService } from '../metrics/load.ts';
import { referenceQueries, serviceParams } from '../metrics/queries.ts';

export type StartVariant = { name: string; command: string[]; env?: Record<string, string> };

/**
 * What `pnpm start` runs (a turbo-cached build, then the bundle under pnpm), the bundle alone (the
 * image's command), and the TypeScript sources through tsx's loader (how the tests run entry
 * points; `pnpm start` ran them so before the bundle).
 */
export const START_VARIANTS: StartVariant[] = [
  { name: 'pnpm start', command: ['pnpm', 'start'] },
  {
    name: 'node, bundle (the image)',
    command: ['node', 'apps/server/dist/main.mjs'],
    env: ALLOCATOR_ENV,
  },
  {
    name: 'pnpm, node + tsx loader',
    command: ['pnpm', 'exec', 'node', '--import', 'tsx', 'apps/server/src/main.ts'],
  },
];

/** Starts `command` (from the repository root), waits for /healthz, loads and queries it, stops it. */
async function measure(v: StartVariant, dir: string) {
  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const token = 'start-bench';
  const t0 = performance.now();
  const child: ChildProcess = spawn(v.command[0]!, v.command.slice(1), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      OTLP_GRPC_PORT: '0',
      DATA_DIR: dataDir,
      API_BEARER_TOKEN: token,
      LOG_LEVEL: 'warn',
      ...v.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${v.name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  const snapshot = () => processTree(child.pid!).map(rssOf);
  const idle = snapshot();
  let peak = idle.reduce((n, p) => n + p.rss, 0);
  let peakProcesses = idle;
  const timer = setInterval(() => {
    const s = snapshot();
    const total = s.reduce((n, p) => n + p.rss, 0);
    if (total > peak) {
      peak = total;
      peakProcesses = s;
    }
  }, 100);
  await loadService(url, token, serviceBatchBodies(SMOKE_DATASET), 4);
  for (const q of referenceQueries(SMOKE_DATASET))
    await getJson(`${url}/api/public/metrics/query?${serviceParams(q.q)}`, token);
  clearInterval(timer);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { readyMs, idle, peak, peakProcesses };
}

/**
 * How the start command's processes cost: time to the first answer of /healthz on a fresh data
 * folder, and the RSS of every process the command runs (wrappers included), idle and at its
 * peak during a load of the smoke metrics set from 4 clients and queries (a)-(d).
 */
export async function startSuite(opts: BenchOptions, variants = START_VARIANTS): Promise<string> {
  const dir = path.join(opts.dir, 'start');
  const rounds = opts.smoke ? 1 : 3;
  const rows: string[][] = [];
  for (const v of variants) {
    const results = [];
    for (let i = 0; i < rounds; i++) results.push(await measure(v, dir));
    const idle = median(results.map((r) => r.idle.reduce((n, p) => n + p.rss, 0)));
    const peak = median(results.map((r) => r.peak));
    const last = results.at(-1)!;
    log(`${v.name}: ready ${fmt(median(results.map((r) => r.readyMs)))} ms, RSS idle ${mib(idle)}, peak ${mib(peak)}`);
    rows.push([
      v.name,
      `\`${v.command.join(' ')}\``,
      fmt(median(results.map((r) => r.readyMs))),
      mib(idle),
      mib(peak),
      last.peakProcesses.map((p) => `${p.name} ${mib(p.rss)}`).join('; '),
    ]);
  }
  rmSync(dir, { recursive: true, force: true });
  return [
    `### Start command (median of ${rounds} starts on a fresh data folder)`,
    '',
    'Ready: from spawning the command to the first answer of /healthz (the build, cached, included for `pnpm start`).',
    'RSS: every process the command runs, summed (pnpm and any wrapper included); the peak during a load of the smoke',
    'metrics set from 4 clients and queries (a)-(d).',
    '',
    table(
      ['variant', 'command', 'ready ms', 'RSS idle, all processes', 'RSS peak under load', 'processes at the peak'],
      rows,
    ),
  ].join('\n');
}
