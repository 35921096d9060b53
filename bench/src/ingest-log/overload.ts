import { rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bodySource } from '../ingest/bodies.ts';
import type { BenchOptions } from '../lib/args.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib, percentile } from '../lib/stats.ts';
import { serviceBatchBodies } from '../metrics/bodies.ts';
import { SMOKE_DATASET } from '../metrics/dataset.ts';
import type { Bodies } from './closed-loop.ts';

const GiB = 1024 ** 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Answer = { status: number; ms: number };

function send(url: string, token: string, b: Bodies, k: number): Promise<Answer> {
  const body = b.body(k);
  return httpRequest(url + b.path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': b.contentType, 'Content-Length': String(body.length) },
    body,
  }).then(
    (r) => ({ status: r.status, ms: r.ms }),
    () => ({ status: 0, ms: Number.NaN }),
  );
}

/** Requests per second 8 closed-loop clients get acknowledged, over `ms`. */
async function sustainable(url: string, token: string, b: Bodies, ms: number): Promise<number> {
  let ok = 0;
  let k = 1e6;
  const end = performance.now() + ms;
  const client = async () => {
    while (performance.now() < end) if ((await send(url, token, b, k++)).status === 200) ok++;
  };
  await Promise.all(Array.from({ length: 8 }, client));
  return ok / (ms / 1000);
}

/** Offers `perSecond` requests open loop for `ms` (each at its moment), reading alongside. */
async function offer(url: string, token: string, b: Bodies, perSecond: number, ms: number) {
  const answers: Promise<Answer>[] = [];
  const reads: number[] = [];
  const t0 = performance.now();
  let reading = true;
  const reader = (async () => {
    while (reading) {
      for (const q of ['/api/public/traces?limit=10', '/api/public/metrics/names']) {
        const r = await httpRequest(url + q, { headers: { Authorization: `Bearer ${token}` } });
        reads.push(r.status === 200 ? r.ms : Number.POSITIVE_INFINITY);
      }
      await sleep(250);
    }
  })();
  for (let sent = 0; performance.now() - t0 < ms; await sleep(2)) {
    const due = Math.floor(((performance.now() - t0) / 1000) * perSecond);
    for (; sent < due; sent++) answers.push(send(url, token, b, sent));
  }
  const done = await Promise.all(answers);
  reading = false;
  await reader;
  // Recovery: the first request acknowledged once the offered load stopped.
  const r0 = performance.now();
  let recoveredMs = Number.POSITIVE_INFINITY;
  for (let k = 5e6; performance.now() - r0 < 30_000; k++) {
    if ((await send(url, token, b, k)).status === 200) {
      recoveredMs = performance.now() - r0;
      break;
    }
    await sleep(50);
  }
  return { done, reads, recoveredMs };
}

function metricsBodies(): Bodies {
  const all = serviceBatchBodies({ ...SMOKE_DATASET, points: 8640 });
  return {
    path: '/v1/metrics/batch',
    contentType: 'application/json',
    rowsPerRequest: all[0]!.points,
    body: (k) => all[k % all.length]!.body,
  };
}

function otlpBodies(): Bodies {
  const s = bodySource('otlp-protobuf', 20);
  return { path: s.path, contentType: s.contentType, rowsPerRequest: s.spansPerRequest, body: (k) => s.body(k).body };
}

/**
 * Admission under overload (issue 17's targets): each ingest path offered open loop at three times
 * what 8 closed-loop clients get acknowledged, for `seconds`, while a reader asks for traces and
 * metric names; then 16 gzip bombs at once. The client shares the machine's cores with the
 * service, so its latencies include its own waits.
 */
export async function overloadSuite(opts: BenchOptions): Promise<string> {
  const seconds = opts.smoke ? 3 : 10;
  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const [name, bodies] of [
    ['OTLP protobuf, 200 spans', otlpBodies()],
    ['metrics batch, 5000 points', metricsBodies()],
  ] as const) {
    const dataDir = path.join(opts.dir, 'overload');
    rmSync(dataDir, { recursive: true, force: true });
    const svc = await startService({ dataDir });
    const rss = rssSampler(svc.pid, 50);
    try {
      const rate = await sustainable(svc.url, svc.token, bodies, opts.smoke ? 2_000 : 5_000);
      log(`overload ${name}: sustainable ${fmt(rate)}/s, offering ${fmt(3 * rate)}/s`);
      const { done, reads, recoveredMs } = await offer(svc.url, svc.token, bodies, 3 * rate, seconds * 1000);
      const refused = done.filter((a) => a.status === 429).map((a) => a.ms);
      const other = done.filter((a) => a.status !== 200 && a.status !== 429).length;
      const peak = rss.stop();
      const p99 = percentile(refused, 99);
      const readMax = Math.max(...reads);
      rows.push([
        name,
        `${fmt(rate)} / ${fmt(3 * rate)}`,
        `${done.filter((a) => a.status === 200).length} / ${refused.length} / ${other}`,
        `${fmt(percentile(refused, 50))} / ${fmt(p99)}`,
        `${fmt(percentile(reads, 50))} / ${fmt(readMax)}`,
        fmt(recoveredMs),
        mib(peak),
      ]);
      verdicts.push(
        `${name}: 429 within 100 ms (p99) ${p99 <= 100 ? 'met' : '**missed**'}; RSS ≤ 1 GiB ${peak <= GiB ? 'met' : '**missed**'}; ` +
          `success within 2 s after ${recoveredMs <= 2000 ? 'met' : '**missed**'}; reads within 1 s ${readMax <= 1000 ? 'met' : '**missed**'}; ` +
          `no other answer ${other === 0 ? 'met' : '**missed**'}`,
      );
    } finally {
      rss.stop();
      await svc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const bombs = await gzipBombs(opts);
  return [
    `### Overload: each path offered open loop at 3× what it sustains, ${seconds} s`,
    '',
    table(
      [
        'path',
        'sustained / offered per s',
        'answers 200 / 429 / other',
        '429 ms p50 / p99 (client)',
        'reads ms p50 / max',
        'first success after, ms',
        'service RSS peak',
      ],
      rows,
    ),
    '',
    ...verdicts.map((v) => `- ${v}`),
    `- 16 gzip bombs at once (${bombs.size}, 1 GiB inflated each): ${bombs.statuses}; RSS peak ${mib(bombs.peak)} (≤ 1 GiB ${bombs.peak <= GiB ? 'met' : '**missed**'}).`,
  ].join('\n');
}

async function gzipBombs(opts: BenchOptions) {
  const dataDir = path.join(opts.dir, 'overload-bombs');
  rmSync(dataDir, { recursive: true, force: true });
  const bomb = gzipSync(Buffer.alloc(GiB), { level: 9 });
  const svc = await startService({ dataDir });
  const rss = rssSampler(svc.pid, 20);
  try {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        httpRequest(`${svc.url}${['/api/public/otel/v1/traces', '/v1/metrics/batch'][i % 2]}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${svc.token}`,
            'Content-Type': i % 2 ? 'application/json' : 'application/x-protobuf',
            'Content-Encoding': 'gzip',
          },
          body: bomb,
        }),
      ),
    );
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    return {
      size: mib(bomb.length),
      statuses: [...counts].map(([s, n]) => `${n}× ${s}`).join(', '),
      peak: rss.stop(),
    };
  } finally {
    rss.stop();
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
