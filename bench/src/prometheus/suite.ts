import { rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { BenchOptions } from '../lib/args.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { cpuSecondsOf, rssSampler } from '../lib/proc.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt, median, mib } from '../lib/stats.ts';
import { type LoadBody, remoteWriteFrames } from '../metrics/bodies.ts';
import { type MetricsDataset, REFERENCE_DATASET, SMOKE_DATASET, seriesCount } from '../metrics/dataset.ts';
import { type Peer, peersInstalled, startPrometheus, startVictoriaMetrics } from '../metrics/peers.ts';
import { type Engine, peerRangeQuery, type ReferenceQuery, referenceQueries } from '../metrics/queries.ts';

/** Remote-write frames of the data set: `frames[part][k]`, and the points and bytes they carry. */
type Frames = { frames: LoadBody[][]; points: number; bytes: number };

function framesOf(ds: MetricsDataset): Frames {
  const frames = remoteWriteFrames(ds, 2, 60);
  const all = frames.flat();
  return { frames, points: all.reduce((n, f) => n + f.points, 0), bytes: all.reduce((n, f) => n + f.body.length, 0) };
}

type Target = {
  name: string;
  url: string;
  writePath: string;
  apiPath: string;
  headers: Record<string, string>;
  cpu: () => number;
};

const RW_HEADERS = {
  'Content-Type': 'application/x-protobuf',
  'Content-Encoding': 'snappy',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
};

async function post(t: Target, body: Buffer): Promise<void> {
  const res = await httpRequest(`${t.url}${t.writePath}`, {
    method: 'POST',
    body,
    headers: { ...RW_HEADERS, ...t.headers },
  });
  if (res.status !== 204 && res.status !== 200)
    throw new Error(`${t.name} write -> ${res.status}: ${res.body.toString().slice(0, 300)}`);
}

/**
 * Sends every frame; `lockstep` sends frame k of every part together and waits (Prometheus takes
 * samples only within an hour of its newest), otherwise `inFlight` requests at once in time order.
 */
async function load(t: Target, f: Frames, opts: { lockstep: boolean; inFlight: number }) {
  const cpu0 = t.cpu();
  const t0 = performance.now();
  if (opts.lockstep) {
    for (let k = 0; k < f.frames[0]!.length; k++) await Promise.all(f.frames.map((part) => post(t, part[k]!.body)));
  } else {
    const order = f.frames[0]!.flatMap((_, k) => f.frames.map((part) => part[k]!.body));
    let next = 0;
    await Promise.all(
      Array.from({ length: opts.inFlight }, async () => {
        while (next < order.length) await post(t, order[next++]!);
      }),
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, rate: f.points / seconds, cpu: t.cpu() - cpu0 };
}

/** A query_range request: PromQL and its grid. */
type RangeForm = { query: string; startMs: number; endMs: number; stepMs: number };
/** A reference query in Prometheus 2.x's exact form (also the service's) and VictoriaMetrics'. */
type Forms = { id: string; what: string; prom: RangeForm; vm: RangeForm };

/** The queries as PromQL answers them (every series: no cap of 50 as in the service's own API). */
const TITLES: Record<string, string> = {
  a: 'avg per 5m, 24h, one series',
  b: 'p99 per 1h, 24h, region=r3 by host (100 series)',
  c: 'sum per 1m, last 6h, all series by region',
  d: 'last per 1m, last 12h, host=h7 (10 series)',
};

function rangeForms(r: ReferenceQuery): Forms {
  const form = (engine: Engine): RangeForm => {
    const p = peerRangeQuery(r.q, engine);
    const ms = (k: string) => Math.round(Number(p.get(k)) * 1000);
    return { query: p.get('query')!, startMs: ms('start'), endMs: ms('end'), stepMs: ms('step') };
  };
  return { id: r.id, what: TITLES[r.id] ?? r.title, prom: form('prometheus'), vm: form('victoria-metrics') };
}

async function rangeQuery(t: Target, q: RangeForm, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    query: q.query,
    start: String(q.startMs / 1000),
    end: String(q.endMs / 1000),
    step: String(q.stepMs / 1000),
    ...extra,
  });
  const res = await httpRequest(`${t.url}${t.apiPath}/query_range?${params}`, { headers: t.headers });
  if (res.status !== 200)
    throw new Error(`${t.name} ${q.query} -> ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { ms: res.ms, json: JSON.parse(res.body.toString()) as { data: unknown } };
}

const target = (p: Peer): Target => ({
  name: p.name,
  url: p.url,
  writePath: '/api/v1/write',
  apiPath: '/api/v1',
  headers: {},
  cpu: () => cpuSecondsOf(p.pid),
});
const serviceTarget = (s: Service): Target => ({
  name: 'spanhouse',
  url: s.url,
  writePath: '/prometheus/api/v1/write',
  apiPath: '/prometheus/api/v1',
  headers: { Authorization: `Bearer ${s.token}` },
  cpu: () => cpuSecondsOf(s.pid),
});

/**
 * Prometheus compatibility against VictoriaMetrics and Prometheus in one run: remote-write ingest
 * of the reference data set (the same snappy frames to all three), the reference queries (a)-(d)
 * in PromQL through query_range (the service's answers checked identical to Prometheus'), and a
 * dashboard refresh (the four queries again every 10 s of data time with a sliding window while a
 * new scrape of every series arrives), VictoriaMetrics with its rollup cache on.
 */
export async function prometheusSuite(opts: BenchOptions): Promise<string> {
  const d: MetricsDataset = opts.smoke ? SMOKE_DATASET : REFERENCE_DATASET;
  const havePeers = peersInstalled();
  const runs = opts.smoke ? 3 : 7;
  const warmup = opts.smoke ? 1 : 2;
  const rounds = opts.smoke ? 4 : 30;
  log(`prometheus: building remote-write frames of ${seriesCount(d)} series x ${d.points} points`);
  const frames = framesOf(d);
  const dataDir = path.join(opts.dir, 'prometheus-service');
  rmSync(dataDir, { recursive: true, force: true });
  const svc = await startService({ dataDir });
  const sampler = rssSampler(svc.pid);
  const vm = havePeers ? await startVictoriaMetrics(path.join(opts.dir, 'prometheus-vm')) : undefined;
  const prom = havePeers ? await startPrometheus(path.join(opts.dir, 'prometheus-prom')) : undefined;
  const targets = [serviceTarget(svc), ...(vm ? [target(vm)] : [])];
  const out: string[] = [
    `### Prometheus API: remote write and PromQL against VictoriaMetrics and Prometheus${opts.smoke ? ' (smoke: 1 h of data)' : ''}`,
    '',
  ];
  try {
    // 1. Ingest.
    const loads: Record<string, Awaited<ReturnType<typeof load>>> = {};
    for (const t of targets) {
      log(`prometheus: loading ${t.name}`);
      loads[t.name] = await load(t, frames, { lockstep: false, inFlight: 4 });
    }
    if (prom) {
      log('prometheus: loading Prometheus (lock-step)');
      loads.Prometheus = await load(target(prom), frames, { lockstep: true, inFlight: 2 });
    }
    if (vm) await httpRequest(`${vm.url}/internal/force_flush`);
    const svcLoad = loads.spanhouse!;
    out.push(
      `Remote write of ${fmt(frames.points)} points (${frames.frames.flat().length} snappy WriteRequests, ${mib(frames.bytes)}; 4 in flight, Prometheus lock-step):`,
      '',
      table(
        ['target', 'wall s', 'points/s', 'CPU s', 'spanhouse/target'],
        Object.entries(loads).map(([name, l]) => [
          name,
          fmt(l.seconds),
          fmt(l.rate),
          fmt(l.cpu),
          name === 'spanhouse' ? '' : `${fmt(svcLoad.rate / l.rate)}×`,
        ]),
      ),
      '',
    );
    // 2. The reference queries.
    const queries = referenceQueries(d).map(rangeForms);
    const rows: (string | number)[][] = [];
    for (const q of queries) {
      const timings: Record<string, number[]> = { spanhouse: [], VictoriaMetrics: [], Prometheus: [] };
      let exact = 'n/a';
      const ask = async (t: Target, form: RangeForm, extra: Record<string, string> = {}) => rangeQuery(t, form, extra);
      for (let i = 0; i < warmup + runs; i++) {
        const s = await ask(targets[0]!, q.prom, { nocache: '1' });
        if (i >= warmup) timings.spanhouse!.push(s.ms);
        if (vm) {
          const v = await ask(target(vm), q.vm, { nocache: '1' });
          if (i >= warmup) timings.VictoriaMetrics!.push(v.ms);
        }
        if (prom) {
          const p = await ask(target(prom), q.prom);
          if (i >= warmup) timings.Prometheus!.push(p.ms);
          if (i === 0) exact = isDeepStrictEqual(s.json.data, p.json.data) ? 'identical' : '**DIFFERENT**';
        }
      }
      const [sm, vmm, pm] = [median(timings.spanhouse!), median(timings.VictoriaMetrics!), median(timings.Prometheus!)];
      rows.push([`(${q.id}) ${q.what}`, fmt(sm), fmt(vmm), fmt(pm), vm ? `${fmt(sm / vmm)}×` : 'n/a', exact]);
    }
    out.push(
      `Reference queries through query_range (medians of ${runs} after ${warmup} warm-ups, ms; spanhouse and VictoriaMetrics with nocache=1, so every answer is computed):`,
      '',
      table(['query', 'spanhouse', 'VictoriaMetrics', 'Prometheus', 'spanhouse/VM', 'answer vs Prometheus'], rows),
      '',
      'PromQL (Prometheus 2.x and spanhouse; VictoriaMetrics takes `[S]` for `[S-1ms]`):',
      '',
      ...queries.map((q) => `- (${q.id}) \`${q.prom.query}\`, step ${q.prom.stepMs / 1000} s`),
      '',
    );
    // 3. Dashboard refresh.
    out.push(await refresh(d, queries, targets, rounds), '');
  } finally {
    sampler.stop();
    await Promise.all([vm?.stop(), prom?.stop()]);
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  out.push(
    `Service RSS max ${mib(sampler.max())}.${havePeers ? '' : ' VictoriaMetrics and Prometheus are not installed: the service alone.'}`,
  );
  return out.join('\n');
}

/**
 * `rounds` refreshes: each writes one new scrape (every series, the next 10 s) to the service and
 * VictoriaMetrics, then asks the four queries with their window moved 10 s on, start and end
 * aligned down to the step as Grafana aligns them. Medians of the four queries' total per round.
 */
async function refresh(d: MetricsDataset, queries: Forms[], targets: Target[], rounds: number): Promise<string> {
  const times: Record<string, number[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let r = 1; r <= rounds; r++) {
    // One more scrape of every series, 10 s after the last.
    const next = { ...d, startMs: d.startMs + (d.points + r - 1) * d.intervalMs, points: 1 };
    const scrape = remoteWriteFrames(next, 1, 1)[0]![0]!.body;
    for (const t of targets) await post(t, scrape);
    for (const t of targets) {
      let total = 0;
      for (const q of queries) {
        const f = t.name === 'VictoriaMetrics' ? q.vm : q.prom;
        const shift = r * d.intervalMs;
        const align = (ms: number) => Math.floor(ms / f.stepMs) * f.stepMs;
        total += (await rangeQuery(t, { ...f, startMs: align(f.startMs + shift), endMs: align(f.endMs + shift) })).ms;
      }
      times[t.name]!.push(total);
    }
  }
  const svc = median(times.spanhouse!);
  const vm = times.VictoriaMetrics ? median(times.VictoriaMetrics) : Number.NaN;
  return [
    `Dashboard refresh: (a)-(d) every 10 s of data time over a sliding window while a new scrape arrives, ${rounds} rounds (median ms for the four; VictoriaMetrics with its rollup cache on):`,
    '',
    table(
      ['', 'spanhouse', 'VictoriaMetrics', 'spanhouse/VM'],
      [['four queries', fmt(svc), fmt(vm), Number.isFinite(vm) ? `${fmt(svc / vm)}×` : 'n/a']],
    ),
  ].join('\n');
}
