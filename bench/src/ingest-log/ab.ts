import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { REPO_ROOT, startService } from '../lib/service.ts';
import { fmt } from '../lib/stats.ts';
import { serviceBatchBodies } from '../metrics/bodies.ts';
import { REFERENCE_DATASET, SMOKE_DATASET, totalPoints } from '../metrics/dataset.ts';
import { type LoadResult, loadService } from '../metrics/load.ts';

/** A checkout of `rev` beside the bench's data, installed from the local store (made once, reused). */
export function checkout(rev: string, dir: string): string {
  if (!existsSync(path.join(dir, 'node_modules'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'add', '--force', '--detach', dir, rev], { cwd: REPO_ROOT, stdio: 'ignore' });
    execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: dir, stdio: ['ignore', 2, 2] });
  }
  return path.join(dir, 'apps', 'server', 'src', 'main.ts');
}

/**
 * The metrics load of the reference set through POST /v1/metrics/batch (8 clients, 5000 points per
 * body), by the version before the ingest log (`--baseline`, run from its sources through tsx) and
 * by this one, one after the other in the same run, each on a fresh data folder.
 */
export async function ingestAbSuite(opts: BenchOptions): Promise<string> {
  const baseline = opts.baseline ?? 'd25c880';
  const ds = opts.smoke ? SMOKE_DATASET : REFERENCE_DATASET;
  const bodies = serviceBatchBodies(ds);
  const entry = checkout(baseline, path.join(opts.dir, `baseline-${baseline}`));
  const results: [string, LoadResult][] = [];
  for (const [name, other] of [
    [`before (${baseline})`, entry],
    ['this version', undefined],
  ] as const) {
    const dataDir = path.join(opts.dir, 'ingest-ab');
    rmSync(dataDir, { recursive: true, force: true });
    const svc = await startService({ dataDir, entry: other });
    try {
      const r = await loadService(svc.url, svc.token, bodies);
      log(`${name}: ${fmt(r.pointsPerSec)} points/s acknowledged, ${fmt(r.readablePerSec ?? Number.NaN)} readable`);
      results.push([name, r]);
    } finally {
      await svc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const [before, now] = [results[0]![1], results[1]![1]];
  const ratio = now.pointsPerSec / before.pointsPerSec;
  const readable = (now.readablePerSec ?? Number.NaN) / (before.readablePerSec ?? before.pointsPerSec);
  return [
    `### Metrics load, A/B against ${baseline} (${fmt(totalPoints(ds))} points, 8 clients × 5000 points per body)`,
    '',
    'Acknowledged: the load from the first request to the last answer. Readable: until every point answers a query',
    '(the same for the version before the log, whose answers meant committed; for this one, until its log drained).',
    '',
    table(
      ['version', 'points/s acknowledged', 'points/s readable', 'seconds (acknowledged / readable)'],
      results.map(([name, r]) => [
        name,
        fmt(r.pointsPerSec),
        fmt(r.readablePerSec ?? r.pointsPerSec),
        `${fmt(r.seconds)} / ${fmt(r.readableSeconds ?? r.seconds)}`,
      ]),
    ),
    '',
    `This version / before: ${fmt(ratio)}× acknowledged, ${fmt(readable)}× readable; target ≥ 1.5× ${ratio >= 1.5 ? 'met' : '**missed**'}.`,
  ].join('\n');
}
