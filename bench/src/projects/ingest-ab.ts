import { rmSync } from 'node:fs';
import path from 'node:path';
import { TABLES } from '@spanhouse/db';
import { bodySource, probeSource } from '../ingest/bodies.ts';
import { runLoad } from '../ingest/load.ts';
import { checkout } from '../ingest-log/ab.ts';
import { batchBodies, closedLoop } from '../ingest-log/closed-loop.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt } from '../lib/stats.ts';

type Variant = { name: string; entry?: string; projectKey: boolean };
type Row = {
  variant: string;
  round: number;
  importRate: number;
  importP50: number;
  importP99: number;
  otlp: number;
  otlpP99: number;
};

/** A project and one of its keys, made through the admin API; its Basic Authorization. */
async function projectKey(svc: Service): Promise<string> {
  const post = async (p: string, body: unknown) =>
    (await (
      await fetch(`${svc.url}${p}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${svc.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const project = await post('/api/public/projects', { name: 'bench project' });
  const key = await post(`/api/public/projects/${project.id}/apiKeys`, {});
  return `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString('base64')}`;
}

/**
 * The ingest paths before projects (`--baseline`, default 7e5b33f, run from its sources) and with
 * them, in the same run, alternating: one import client (POST /v1/l/batch, one trace of five
 * observations per request, each waiting for its answer) and OTLP protobuf exporters (8 clients,
 * 200 spans per export), each on a fresh data folder; this version with the bearer token and with
 * a project's key (Basic, checked against the key ring).
 */
export async function projectsAbSuite(opts: BenchOptions): Promise<string> {
  const baseline = opts.baseline ?? '7e5b33f';
  const entry = checkout(baseline, path.join(opts.dir, `baseline-${baseline}`));
  const variants: Variant[] = [
    { name: `before (${baseline}), bearer`, entry, projectKey: false },
    { name: 'this version, bearer', projectKey: false },
    { name: "this version, a project's key", projectKey: true },
  ];
  const seconds = opts.ingestSeconds;
  const warmup = opts.smoke ? 1 : 3;
  const rows: Row[] = [];
  for (let round = 1; round <= (opts.smoke ? 1 : 2); round++) {
    for (const v of variants) {
      const dataDir = path.join(opts.dir, 'projects-ab');
      rmSync(dataDir, { recursive: true, force: true });
      const svc = await startService({ dataDir, entry: v.entry });
      try {
        const authorization = v.projectKey ? await projectKey(svc) : undefined;
        const imported = await closedLoop({
          url: svc.url,
          token: svc.token,
          bodies: batchBodies(5),
          clients: 1,
          warmup,
          seconds,
          // The version before names its tables without _v2; only the request rates are compared.
          table: v.entry ? 'traces' : TABLES.traces,
          tables: [],
          authorization,
        });
        const otlp = await runLoad({
          url: svc.url,
          token: svc.token,
          source: bodySource('otlp-protobuf', 20),
          probe: probeSource('otlp-protobuf'),
          clients: 8,
          seconds,
          warmup,
          pid: svc.pid,
          authorization,
        });
        log(
          `${v.name} round ${round}: import ${fmt(imported.requestsPerSec)} traces/s (p99 ${fmt(imported.p99)} ms), OTLP ${fmt(otlp.spansPerSec)} spans/s`,
        );
        rows.push({
          variant: v.name,
          round,
          importRate: imported.requestsPerSec,
          importP50: imported.p50,
          importP99: imported.p99,
          otlp: otlp.spansPerSec,
          otlpP99: otlp.ackP99,
        });
      } finally {
        await svc.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  const mean = (variant: string, f: (r: Row) => number) => {
    const of = rows.filter((r) => r.variant === variant);
    return of.reduce((n, r) => n + f(r), 0) / of.length;
  };
  const base = variants[0]!.name;
  return [
    `### Ingest before and after projects, A/B in one run (${seconds} s timed per row, after ${warmup} s of warm-up)`,
    '',
    table(
      [
        'version',
        'round',
        'import traces/s (1 client)',
        'import p50 / p99 ms',
        'OTLP spans/s acknowledged (8 clients)',
        'OTLP request p99 ms',
      ],
      rows.map((r) => [
        r.variant,
        r.round,
        fmt(r.importRate),
        `${fmt(r.importP50)} / ${fmt(r.importP99)}`,
        fmt(r.otlp),
        fmt(r.otlpP99),
      ]),
    ),
    '',
    ...variants
      .slice(1)
      .map(
        (v) =>
          `- ${v.name} against ${base} (means of the rounds): import ×${fmt(mean(v.name, (r) => r.importRate) / mean(base, (r) => r.importRate))}, OTLP ×${fmt(mean(v.name, (r) => r.otlp) / mean(base, (r) => r.otlp))}`,
      ),
  ].join('\n');
}
