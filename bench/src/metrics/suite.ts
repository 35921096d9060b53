import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/args.ts';
import { getJson } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, median, mib } from '../lib/stats.ts';
import { remoteWriteFrames, serviceBatchBodies, vmImportBodies } from './bodies.ts';
import { REFERENCE_DATASET, SMOKE_DATASET, seriesCount, totalPoints } from './dataset.ts';
import { type LoadResult, loadRemoteWrite, loadService, loadVictoriaMetrics, peerPointCount } from './load.ts';
import { type Peer, peersInstalled, startPrometheus, startVictoriaMetrics } from './peers.ts';
import { type Engine, peerRangeQuery, referenceQueries, serviceParams } from './queries.ts';
import { type Check, checkPeerAnswer, checkServiceAnswer, expectedAnswer } from './reference.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Target = 'spanhouse' | 'VictoriaMetrics' | 'Prometheus';
type Timed = { ms: number; check: Check };

/** Median latency of `runs` requests after `warmup`, and the check of the last answer. */
async function timeQuery(
  ask: () => Promise<{ json: unknown; ms: number }>,
  check: (body: unknown) => Check,
  runs: number,
  warmup: number,
): Promise<Timed> {
  for (let i = 0; i < warmup; i++) await ask();
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < runs; i++) {
    const r = await ask();
    times.push(r.ms);
    last = r.json;
  }
  return { ms: median(times), check: check(last) };
}

/**
 * Metrics against VictoriaMetrics and Prometheus in one run: the reference data set loaded into
 * all three (VictoriaMetrics by its JSON import, the service by POST /v1/metrics/batch from 8
 * clients, Prometheus by remote write), queries (a)-(d) asked of each, every answer checked point
 * by point against the values computed from the data set, and the medians compared. Without the
 * peers installed, the service runs alone (load, exactness, timings; no ratios).
 */
export async function metricsSuite(opts: BenchOptions): Promise<string> {
  const ds = opts.smoke ? SMOKE_DATASET : REFERENCE_DATASET;
  const runs = opts.smoke ? 3 : 7;
  const warmup = opts.smoke ? 1 : 2;
  const dir = path.join(opts.dir, 'metrics');
  rmSync(dir, { recursive: true, force: true });
  const queries = referenceQueries(ds);
  const expected = queries.map((r) => expectedAnswer(ds, r.q));
  const withPeers = peersInstalled();
  if (!withPeers) log('victoria-metrics and prometheus are not installed: the service runs alone');
  const loads: Partial<Record<Target, LoadResult>> = {};
  const timings: Partial<Record<Target, Timed[]>> = {};
  const memory: Partial<Record<Target, number>> = {};
  const peers: Peer[] = [];
  const svc = await startService({ dataDir: path.join(dir, 'service') });
  const sampler = rssSampler(svc.pid);
  try {
    const loadPeer = async (start: () => Promise<Peer>, load: (url: string) => Promise<LoadResult>) => {
      const peer = await start();
      peers.push(peer);
      loads[peer.name] = await load(peer.url);
      // The load check, once the peer has made what it took searchable (within seconds).
      let stored = 0;
      for (const deadline = Date.now() + 30_000; stored !== totalPoints(ds) && Date.now() < deadline; )
        stored = await peerPointCount(peer.url, ds).then(async (n) =>
          n === totalPoints(ds) ? n : (await sleep(500), n),
        );
      if (stored !== totalPoints(ds)) throw new Error(`${peer.name} holds ${stored} of ${totalPoints(ds)} points`);
      log(`${peer.name}: ${fmt(loads[peer.name]!.pointsPerSec)} points/s`);
      return peer;
    };
    if (withPeers)
      await loadPeer(
        () => startVictoriaMetrics(dir),
        (url) => loadVictoriaMetrics(url, vmImportBodies(ds)),
      );
    loads.spanhouse = await loadService(svc.url, svc.token, serviceBatchBodies(ds));
    log(`spanhouse: ${fmt(loads.spanhouse.pointsPerSec)} points/s`);
    if (withPeers)
      await loadPeer(
        () => startPrometheus(dir),
        (url) => loadRemoteWrite(url, remoteWriteFrames(ds)),
      );

    const token = svc.token;
    timings.spanhouse = [];
    for (const [i, r] of queries.entries()) {
      const url = `${svc.url}/api/public/metrics/query?${serviceParams(r.q)}`;
      const t = await timeQuery(
        () => getJson(url, token),
        (b) => checkServiceAnswer(expected[i]!, b),
        runs,
        warmup,
      );
      timings.spanhouse.push(t);
      log(`(${r.id}) spanhouse ${fmt(t.ms)} ms${t.check.exact ? '' : `, NOT exact: ${t.check.problems.join('; ')}`}`);
    }
    for (const peer of peers) {
      const engine: Engine = peer.name === 'Prometheus' ? 'prometheus' : 'victoria-metrics';
      timings[peer.name] = [];
      for (const [i, r] of queries.entries()) {
        const url = `${peer.url}/api/v1/query_range?${peerRangeQuery(r.q, engine)}`;
        const t = await timeQuery(
          () => getJson(url),
          (b) => checkPeerAnswer(expected[i]!, b),
          runs,
          warmup,
        );
        timings[peer.name]!.push(t);
        log(
          `(${r.id}) ${peer.name} ${fmt(t.ms)} ms${t.check.exact ? '' : `, NOT exact: ${t.check.problems.join('; ')}`}`,
        );
      }
      memory[peer.name] = peer.memory().rss;
    }
  } finally {
    memory.spanhouse = sampler.stop();
    await Promise.all(peers.map((p) => p.stop()));
    await svc.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return report({ ds, queries, loads, timings, memory, runs, warmup, smoke: opts.smoke, withPeers });
}

function report(r: {
  ds: typeof REFERENCE_DATASET;
  queries: ReturnType<typeof referenceQueries>;
  loads: Partial<Record<Target, LoadResult>>;
  timings: Partial<Record<Target, Timed[]>>;
  memory: Partial<Record<Target, number>>;
  runs: number;
  warmup: number;
  smoke: boolean;
  withPeers: boolean;
}): string {
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? 'n/a' : `${fmt(a / b)}×`;
  const rate = (t: Target) => r.loads[t]?.pointsPerSec;
  const ms = (t: Target, i: number) => r.timings[t]?.[i]?.ms;
  const cell = (x: number | undefined) => (x === undefined ? 'n/a' : fmt(x));
  const rows: (string | number)[][] = [
    [
      'load, points/s (8 clients × 5000 points per body; VM JSON import; Prometheus remote write)',
      cell(rate('spanhouse')),
      cell(rate('VictoriaMetrics')),
      cell(rate('Prometheus')),
      ratio(rate('spanhouse'), rate('VictoriaMetrics')),
      ratio(rate('spanhouse'), rate('Prometheus')),
    ],
    ...r.queries.map((q, i) => [
      `(${q.id}) ${q.title}, ms`,
      cell(ms('spanhouse', i)),
      cell(ms('VictoriaMetrics', i)),
      cell(ms('Prometheus', i)),
      ratio(ms('spanhouse', i), ms('VictoriaMetrics', i)),
      ratio(ms('spanhouse', i), ms('Prometheus', i)),
    ]),
  ];
  const exact = (t: Target) => {
    const list = r.timings[t];
    if (!list) return undefined;
    const bad = list.flatMap((x, i) => (x.check.exact ? [] : [`(${r.queries[i]!.id}) ${x.check.problems.join('; ')}`]));
    return `${t} ${list.length - bad.length} of ${list.length}${bad.length ? ` (${bad.join(' | ')})` : ''}`;
  };
  const lines = [
    `### Metrics vs VictoriaMetrics and Prometheus (${seriesCount(r.ds)} series × ${r.ds.points} points${r.smoke ? ', the smoke cut of the reference set' : ''})`,
    '',
  ];
  if (!r.withPeers)
    lines.push(
      'VictoriaMetrics and Prometheus are not installed (`apt-get install victoria-metrics prometheus`, as .ci/run does): the service alone.',
      '',
    );
  else {
    const svc = r.timings.spanhouse ?? [];
    const vm = r.timings.VictoriaMetrics ?? [];
    const met = (ok: boolean) => (ok ? 'met' : '**missed**');
    lines.push(
      table(
        ['target', 'spanhouse / VictoriaMetrics', 'met'],
        [
          [
            'load rate ≥ VM JSON import',
            ratio(rate('spanhouse'), rate('VictoriaMetrics')),
            met((rate('spanhouse') ?? 0) >= (rate('VictoriaMetrics') ?? Number.POSITIVE_INFINITY)),
          ],
          ...r.queries.map((q, i) => [
            `query (${q.id}) ≤ VM median, exact`,
            `${ratio(svc[i]?.ms, vm[i]?.ms)}, ${svc[i]?.check.exact ? 'exact' : 'NOT exact'}`,
            met((svc[i]?.ms ?? Number.POSITIVE_INFINITY) <= (vm[i]?.ms ?? 0) && svc[i]?.check.exact === true),
          ]),
        ],
      ),
      '',
    );
  }
  lines.push(
    `Medians of ${r.runs} requests after ${r.warmup} warm-up, HTTP and JSON on loopback, right after each load. Peers answer the exact bucket emulation of each query (bench/src/metrics/queries.ts).`,
    '',
    table(['', 'spanhouse', 'VictoriaMetrics', 'Prometheus', 'spanhouse/VM', 'spanhouse/Prom'], rows),
    '',
    `Answers exact, point by point against the data set: ${[exact('spanhouse'), exact('VictoriaMetrics'), exact('Prometheus')].filter(Boolean).join('; ')}.`,
    `RSS: spanhouse at most ${mib(r.memory.spanhouse ?? Number.NaN)} during loads and queries` +
      (r.withPeers
        ? `; after the queries VictoriaMetrics ${mib(r.memory.VictoriaMetrics ?? Number.NaN)}, Prometheus ${mib(r.memory.Prometheus ?? Number.NaN)}.`
        : '.'),
  );
  return lines.join('\n');
}
