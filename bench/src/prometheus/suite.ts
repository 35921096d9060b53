import { rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { BenchOptions } from '../lib/args.ts';
import { checkout } from '../lib/checkout.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { rssSampler } from '../lib/proc.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt, median, mib } from '../lib/stats.ts';
import { remoteWriteFrames } from '../metrics/bodies.ts';
import { type MetricsDataset, REFERENCE_DATASET, SMOKE_DATASET, seriesCount } from '../metrics/dataset.ts';
import { type Peer, peersInstalled, startPrometheus, startVictoriaMetrics } from '../metrics/peers.ts';
import { type Engine, peerRangeQuery, type ReferenceQuery, referenceQueries } from '../metrics/queries.ts';
import { complianceTiming } from './compliance.ts';
import { type AtOnce, atOnceReport, dashboardQueries, measureAtOnce, ratioQueries } from './dashboard.ts';
import { panelDataset, panelFrames, panelPoints } from './panel-data.ts';
import {
  type Frames,
  framesOf,
  load,
  peerTarget,
  post,
  type RangeForm,
  rangeQuery,
  serviceTarget,
  type Target,
} from './targets.ts';

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

const BEFORE = 'before';
const THIS = 'spanhouse';

/**
 * Prometheus compatibility against VictoriaMetrics and Prometheus in one run, with the version
 * before the PromQL engine (`--prom-baseline`) beside this one: remote-write ingest of the
 * reference data set (the same snappy frames to all), the reference queries (a)-(d) in PromQL
 * through query_range (answers checked identical to Prometheus'), a dashboard refresh (the four
 * queries every 10 s of data time over a sliding window while a new scrape arrives), the ratio of
 * two rates over 1,000 series, 20 dashboard queries sent at once, and the compliance cases' times.
 */
export async function prometheusSuite(opts: BenchOptions): Promise<string> {
  const d: MetricsDataset = opts.smoke ? SMOKE_DATASET : REFERENCE_DATASET;
  const hours = opts.smoke ? 1 : 6;
  const havePeers = peersInstalled();
  const runs = opts.smoke ? 3 : 7;
  const warmup = opts.smoke ? 1 : 2;
  const rounds = opts.smoke ? 4 : 30;
  // The smoke run (CI) checks that the at-once measurement runs and every query answers: once.
  const atOnceRepeats = opts.smoke ? 1 : 3;
  // --only: the parts to run (the data is loaded whatever they are).
  const part = (name: string) => !opts.only || opts.only.test(name);
  log(`prometheus: building remote-write frames of ${seriesCount(d)} series x ${d.points} points`);
  const frames = framesOf(remoteWriteFrames(d, 2, 60));
  const panel = panelDataset(d, hours);
  const panelF = framesOf(panelFrames(panel, 2, 60));
  const dataDir = (name: string) => {
    const dir = path.join(opts.dir, `prometheus-${name}`);
    rmSync(dir, { recursive: true, force: true });
    return dir;
  };
  const svc = await startService({ dataDir: dataDir('service') });
  const sampler = rssSampler(svc.pid);
  const services: [string, Service][] = [[THIS, svc]];
  if (opts.promBaseline !== 'none') {
    const entry = checkout(opts.promBaseline, path.join(opts.dir, `baseline-${opts.promBaseline}`));
    services.push([BEFORE, await startService({ dataDir: dataDir('before'), entry })]);
  }
  const vm = havePeers ? await startVictoriaMetrics(path.join(opts.dir, 'prometheus-vm')) : undefined;
  const prom = havePeers ? await startPrometheus(path.join(opts.dir, 'prometheus-prom')) : undefined;
  const targets: Target[] = [...services.map(([name, s]) => serviceTarget(s, name)), ...(vm ? [peerTarget(vm)] : [])];
  const byName = (name: string) => targets.find((t) => t.name === name);
  const out: string[] = [
    `### Prometheus API: remote write and PromQL against VictoriaMetrics and Prometheus${opts.smoke ? ' (smoke: 1 h of data)' : ''}`,
    '',
    `Versions: \`${THIS}\` is this one; \`${BEFORE}\` is ${opts.promBaseline} (before the PromQL engine), run from its sources in the same run.`,
    '',
  ];
  try {
    out.push(await ingest(frames, panelF, targets, prom), '');
    const queries = referenceQueries(d).map(rangeForms);
    if (part('reference')) out.push(await referenceTable(queries, targets, prom, runs, warmup), '');
    if (part('refresh')) out.push(await refresh(d, queries, targets, rounds), '');
    if (part('ratio')) out.push(await ratioTable(ratioQueries(panel, hours), targets, prom, runs, warmup), '');
    const dashboard = dashboardQueries(
      panel,
      queries.map((q) => q.prom),
      hours,
    );
    const atOnce: [string, AtOnce][] = [];
    for (const name of part('at-once') ? [THIS, BEFORE] : []) {
      const t = byName(name);
      if (t) {
        log(`prometheus: ${name}, 20 dashboard queries alone and at once`);
        atOnce.push([name, await measureAtOnce(t, dashboard, atOnceRepeats)]);
      }
    }
    if (part('at-once')) {
      out.push(
        `20 dashboard queries (${panelPoints(panel).toLocaleString('en-US')} points of counters and a histogram beside the reference set): each alone and all 20 sent at once (${atOnceRepeats === 1 ? 'one run each' : `median of ${atOnceRepeats} runs each`}), ms, nocache=1:`,
        '',
        atOnceReport(dashboard, atOnce),
        '',
      );
    }
  } finally {
    sampler.stop();
    await Promise.all([vm?.stop(), prom?.stop()]);
    for (const [, s] of services) await s.stop();
    for (const name of ['service', 'before'])
      rmSync(path.join(opts.dir, `prometheus-${name}`), { recursive: true, force: true });
  }
  out.push(
    `Service RSS max ${mib(sampler.max())}.${havePeers ? '' : ' VictoriaMetrics and Prometheus are not installed: the services alone.'}`,
    '',
  );
  if (havePeers && part('compliance')) out.push(await complianceTiming(opts));
  return out.join('\n');
}

/** Loads the reference frames (timed) and the panel data into every target and Prometheus. */
async function ingest(frames: Frames, panelF: Frames, targets: Target[], prom: Peer | undefined): Promise<string> {
  const loads: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const t of targets) {
    log(`prometheus: loading ${t.name}`);
    loads[t.name] = await load(t, frames, { lockstep: false, inFlight: 4 });
    await load(t, panelF, { lockstep: false, inFlight: 4 });
  }
  if (prom) {
    log('prometheus: loading Prometheus (lock-step)');
    loads.Prometheus = await loadPrometheus(peerTarget(prom), frames, panelF);
  }
  if (targets.some((t) => t.name === 'VictoriaMetrics')) {
    await httpRequest(`${targets.find((t) => t.name === 'VictoriaMetrics')!.url}/internal/force_flush`);
  }
  const svcLoad = loads[THIS]!;
  return [
    `Remote write of ${fmt(frames.points)} points (${frames.frames.flat().length} snappy WriteRequests, ${mib(frames.bytes)}; 4 in flight, Prometheus lock-step; the panel data, ${fmt(panelF.points)} points, loaded after it and not timed):`,
    '',
    table(
      ['target', 'wall s', 'points/s', 'CPU s', 'refused (429/503, sent again)', `${THIS}/target`],
      Object.entries(loads).map(([name, l]) => [
        name,
        fmt(l.seconds),
        fmt(l.rate),
        fmt(l.cpu),
        targets.find((t) => t.name === name)?.refused.n ?? 0,
        name === THIS ? '' : `${fmt(svcLoad.rate / l.rate)}×`,
      ]),
    ),
  ].join('\n');
}

/**
 * Prometheus takes samples only within an hour of its newest: the reference frames in lock-step,
 * and with each the panel frames of the same ten minutes (the panel data covers the last hours).
 */
async function loadPrometheus(t: Target, frames: Frames, panelF: Frames) {
  const k0 = frames.frames[0]!.length - panelF.frames[0]!.length;
  const onlyRef = await load(
    t,
    { ...frames, frames: frames.frames.map((part) => part.slice(0, k0)) },
    { lockstep: true, inFlight: 2 },
  );
  const cpu0 = t.cpu();
  const t0 = performance.now();
  for (let k = k0; k < frames.frames[0]!.length; k++) {
    await Promise.all(frames.frames.map((part) => post(t, part[k]!.body)));
    await Promise.all(panelF.frames.map((part) => post(t, part[k - k0]!.body)));
  }
  const seconds = onlyRef.seconds + (performance.now() - t0) / 1000;
  return { seconds, rate: frames.points / seconds, cpu: onlyRef.cpu + t.cpu() - cpu0 };
}

async function referenceTable(
  queries: Forms[],
  targets: Target[],
  prom: Peer | undefined,
  runs: number,
  warmup: number,
): Promise<string> {
  const rows: (string | number)[][] = [];
  const before = targets.find((t) => t.name === BEFORE);
  for (const q of queries) {
    const timings: Record<string, number[]> = Object.fromEntries(
      [...targets.map((t) => t.name), 'Prometheus'].map((n) => [n, []]),
    );
    let exact = 'n/a';
    for (let i = 0; i < warmup + runs; i++) {
      for (const t of targets) {
        const s = await rangeQuery(t, t.name === 'VictoriaMetrics' ? q.vm : q.prom, { nocache: '1' });
        if (i >= warmup) timings[t.name]!.push(s.ms);
        if (t.name === THIS && prom && i === 0) {
          const p = await rangeQuery(peerTarget(prom), q.prom);
          exact = isDeepStrictEqual(s.json.data, p.json.data) ? 'identical' : '**DIFFERENT**';
        }
      }
      if (prom && i >= warmup) timings.Prometheus!.push((await rangeQuery(peerTarget(prom), q.prom)).ms);
    }
    const m = (name: string) => (timings[name]?.length ? median(timings[name]!) : Number.NaN);
    const [sm, bm, vmm, pm] = [m(THIS), m(BEFORE), m('VictoriaMetrics'), m('Prometheus')];
    rows.push([
      `(${q.id}) ${q.what}`,
      fmt(sm),
      before ? fmt(bm) : 'n/a',
      fmt(vmm),
      fmt(pm),
      `${fmt(sm / vmm)}×`,
      before ? `${fmt(bm / vmm)}×` : 'n/a',
      exact,
    ]);
  }
  return [
    `Reference queries through query_range (medians of ${runs} after ${warmup} warm-ups, ms; the services and VictoriaMetrics with nocache=1, so every answer is computed):`,
    '',
    table(
      ['query', THIS, BEFORE, 'VictoriaMetrics', 'Prometheus', `${THIS}/VM`, `${BEFORE}/VM`, 'answer vs Prometheus'],
      rows,
    ),
    '',
    'PromQL (Prometheus 2.x and spanhouse; VictoriaMetrics takes `[S]` for `[S-1ms]`):',
    '',
    ...queries.map((q) => `- (${q.id}) \`${q.prom.query}\`, step ${q.prom.stepMs / 1000} s`),
  ].join('\n');
}

/** The ratio of two rates: this version against VictoriaMetrics and Prometheus (the version before refuses it). */
async function ratioTable(
  queries: { id: string; what: string; form: RangeForm }[],
  targets: Target[],
  prom: Peer | undefined,
  runs: number,
  warmup: number,
): Promise<string> {
  const rows: string[][] = [];
  const svc = targets.find((t) => t.name === THIS)!;
  const before = targets.find((t) => t.name === BEFORE);
  const vm = targets.find((t) => t.name === 'VictoriaMetrics');
  for (const q of queries) {
    const timings: Record<string, number[]> = { [THIS]: [], [BEFORE]: [], VictoriaMetrics: [], Prometheus: [] };
    let exact = 'n/a';
    // The version before answers only if it has vector/vector operations (versions after the engine).
    let beforeAnswers = before !== undefined;
    for (let i = 0; i < warmup + runs; i++) {
      const s = await rangeQuery(svc, q.form, { nocache: '1' });
      if (i >= warmup) timings[THIS]!.push(s.ms);
      if (before && beforeAnswers) {
        const b = await rangeQuery(before, q.form, { nocache: '1' }, true);
        beforeAnswers = b.status === 200;
        if (i >= warmup && beforeAnswers) timings[BEFORE]!.push(b.ms);
      }
      if (vm) {
        const v = await rangeQuery(vm, q.form, { nocache: '1' });
        if (i >= warmup) timings.VictoriaMetrics!.push(v.ms);
      }
      if (prom) {
        const p = await rangeQuery(peerTarget(prom), q.form);
        if (i >= warmup) timings.Prometheus!.push(p.ms);
        if (i === 0) exact = isDeepStrictEqual(s.json.data, p.json.data) ? 'identical' : '**DIFFERENT**';
      }
    }
    const [sm, bm, vmm, pm] = [
      median(timings[THIS]!),
      beforeAnswers ? median(timings[BEFORE]!) : Number.NaN,
      median(timings.VictoriaMetrics!),
      median(timings.Prometheus!),
    ];
    const ratio = (x: number) => (vm && Number.isFinite(x) ? `${fmt(x / vmm)}×` : 'n/a');
    rows.push([
      `${q.id}: ${q.what}`,
      fmt(sm),
      beforeAnswers ? fmt(bm) : 'refused',
      fmt(vmm),
      fmt(pm),
      ratio(sm),
      ratio(bm),
      exact,
    ]);
  }
  return [
    `The ratio of two rates over ${fmt(1000)} series of each counter, 6 h at a 30 s step (medians of ${runs}, ms; versions before the PromQL engine refuse vector/vector operations):`,
    '',
    table(
      [`query`, THIS, BEFORE, 'VictoriaMetrics', 'Prometheus', `${THIS}/VM`, `${BEFORE}/VM`, 'answer vs Prometheus'],
      rows,
    ),
    '',
    ...queries.map((q) => `- ${q.id}: \`${q.form.query}\``),
  ].join('\n');
}

/**
 * `rounds` refreshes: each writes one new scrape (every series, the next 10 s) to every target,
 * then asks the four queries with their window moved 10 s on, start and end aligned down to the
 * step as Grafana aligns them. Medians of the four queries' total per round.
 */
async function refresh(d: MetricsDataset, queries: Forms[], targets: Target[], rounds: number): Promise<string> {
  const times: Record<string, number[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let r = 1; r <= rounds; r++) {
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
  const m = (name: string) => (times[name] ? median(times[name]!) : Number.NaN);
  const vm = m('VictoriaMetrics');
  return [
    `Dashboard refresh: (a)-(d) every 10 s of data time over a sliding window while a new scrape arrives, ${rounds} rounds (median ms for the four; VictoriaMetrics with its rollup cache on):`,
    '',
    table(
      ['', ...targets.map((t) => t.name), `${THIS}/VM`, `${BEFORE}/VM`],
      [['four queries', ...targets.map((t) => fmt(m(t.name))), `${fmt(m(THIS) / vm)}×`, `${fmt(m(BEFORE) / vm)}×`]],
    ),
  ].join('\n');
}
