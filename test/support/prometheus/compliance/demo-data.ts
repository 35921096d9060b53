import { prng } from '../dataset.ts';
import { type RwSeries, STALE_NAN } from '../remote-write-client.ts';

/**
 * A deterministic stand-in for what the compliance tester's reference set-up scrapes: three
 * instances of the Prometheus demo service (github.com/juliusv/prometheus_demo_service) at a
 * 5-second scrape interval, `job="demo"`, `instance="demo.promlabs.com:1000N"`. Every `demo_*`
 * series the service exposes is here with its labels and kind (810 series):
 *
 * - gauges: memory by type (random walk), CPUs, disk usage and total, batch job timestamps and
 *   results (a run a minute, a quarter failing), requests in progress, the holiday flag;
 * - counters: CPU seconds by mode, shipped items, and the API latency histogram (25 exponential
 *   buckets and +Inf, `_sum`, `_count` per method, path and status; 9 combinations);
 * - `demo_intermittent_metric`: present on even minutes only, with the staleness marker
 *   Prometheus writes at the first scrape that misses it.
 *
 * Two instances restart (`RESTARTS`): the scrape at the restart fails (Prometheus marks every
 * series of the target stale) and every counter starts again from zero, so ranges see resets and
 * stale markers. Scrape times have a per-target phase and a few milliseconds of jitter, as real
 * scrapes do.
 */
export const DEMO_T0 = Date.UTC(2026, 1, 3, 7, 0, 0);
export const SCRAPE_MS = 5_000;
export const INSTANCES = ['demo.promlabs.com:10000', 'demo.promlabs.com:10001', 'demo.promlabs.com:10002'];
/** Minutes after DEMO_T0 at which instance i restarts (none for the first). */
const RESTARTS: Record<number, number[]> = { 1: [70], 2: [103] };
const PHASE_MS = [1_234, 2_871, 4_102];

const API: [method: string, path: string, status: string, perScrape: number, baseMs: number, outage: number][] = [
  ['GET', '/api/foo', '200', 160, 10, 23],
  ['GET', '/api/foo', '500', 1, 10, 23],
  ['POST', '/api/foo', '200', 30, 20, 60],
  ['POST', '/api/foo', '500', 0.6, 20, 60],
  ['GET', '/api/bar', '200', 110, 15, 13],
  ['GET', '/api/bar', '500', 0.3, 15, 13],
  ['POST', '/api/bar', '200', 40, 50, 47],
  ['POST', '/api/bar', '500', 0.4, 50, 47],
  ['GET', '/api/nonexistent', '404', 9, 0.2, 0],
];
/** prometheus.ExponentialBuckets(0.0001, 1.5, 25), computed as client_golang computes them. */
const BOUNDS: number[] = [];
for (let b = 0.0001, i = 0; i < 25; i++, b *= 1.5) BOUNDS.push(b);
const LE = BOUNDS.map(String);

/** The data set: `minutes` of scrapes from DEMO_T0, as remote-write series. */
export function demoDataSet(minutes: number): RwSeries[] {
  return INSTANCES.flatMap((instance, i) => scrapeInstance(i, instance, minutes));
}

function scrapeInstance(index: number, instance: string, minutes: number): RwSeries[] {
  const rnd = prng(1000 + index);
  const base = { job: 'demo', instance };
  const restarts = (RESTARTS[index] ?? []).map((m) => DEMO_T0 + m * 60_000);
  let state = freshState();
  const all: RwSeries[] = [];
  const series = (name: string, labels: Record<string, string> = {}): RwSeries => {
    const s: RwSeries = { labels: { __name__: name, ...base, ...labels }, samples: [] };
    all.push(s);
    return s;
  };
  const cpus = series('demo_num_cpus');
  const cpu = (['user', 'system', 'idle'] as const).map((mode) => series('demo_cpu_usage_seconds_total', { mode }));
  const memory = (['used', 'cached', 'buffers', 'free'] as const).map((type) =>
    series('demo_memory_usage_bytes', { type }),
  );
  const gauges = [
    'demo_disk_usage_bytes',
    'demo_disk_total_bytes',
    'demo_batch_last_success_timestamp_seconds',
    'demo_batch_last_run_timestamp_seconds',
    'demo_batch_last_run_duration_seconds',
    'demo_batch_last_run_processed_bytes',
    'demo_api_http_requests_in_progress',
    'demo_is_holiday',
    'demo_items_shipped_total',
  ].map((name) => series(name));
  const api = API.map(([method, path, status]) => {
    const labels = { method, path, status };
    return {
      buckets: [...LE, '+Inf'].map((le) => series('demo_api_request_duration_seconds_bucket', { ...labels, le })),
      sum: series('demo_api_request_duration_seconds_sum', labels),
      count: series('demo_api_request_duration_seconds_count', labels),
    };
  });
  const intermittent = series('demo_intermittent_metric');
  const scrapes = (minutes * 60_000) / SCRAPE_MS;
  for (let k = 0; k < scrapes; k++) {
    const t = DEMO_T0 + k * SCRAPE_MS + PHASE_MS[index]! + Math.floor(rnd() * 4);
    const restart = restarts.find((r) => r > t - SCRAPE_MS && r <= t);
    if (restart !== undefined) {
      // The scrape fails while the process restarts: every series of the target that was in the
      // last scrape goes stale (the data has no other NaN: a NaN last sample is a marker already).
      for (const s of all) {
        const last = s.samples[s.samples.length - 1];
        if (last && !Number.isNaN(last[1])) s.samples.push([t, STALE_NAN]);
      }
      state = freshState();
      continue;
    }
    advance(state, rnd, t);
    cpus.samples.push([t, 4]);
    cpu[0]!.samples.push([t, state.cpu.user]);
    cpu[1]!.samples.push([t, state.cpu.system]);
    cpu[2]!.samples.push([t, state.cpu.idle]);
    memory[0]!.samples.push([t, state.memory.used]);
    memory[1]!.samples.push([t, state.memory.cached]);
    memory[2]!.samples.push([t, state.memory.buffers]);
    memory[3]!.samples.push([t, state.memory.free]);
    const b = state.batch;
    const values = [
      state.disk,
      160e9,
      b.lastSuccess,
      b.lastRun,
      b.duration,
      b.processed,
      state.inProgress,
      state.holiday,
      state.shipped,
    ];
    for (const [i, g] of gauges.entries()) g.samples.push([t, values[i]!]);
    for (const [c, h] of state.api.entries()) {
      const out = api[c]!;
      for (let i = 0; i < BOUNDS.length; i++) out.buckets[i]!.samples.push([t, h.buckets[i]!]);
      out.buckets[BOUNDS.length]!.samples.push([t, h.count]);
      out.sum.samples.push([t, h.sum]);
      out.count.samples.push([t, h.count]);
    }
    const minute = Math.floor(t / 60_000);
    if (minute % 2 === 0) intermittent.samples.push([t, 1]);
    else if (Math.floor((t - SCRAPE_MS) / 60_000) % 2 === 0) intermittent.samples.push([t, STALE_NAN]);
  }
  return all;
}

type State = ReturnType<typeof freshState>;

function freshState() {
  return {
    cpu: { user: 0, system: 0, idle: 0 },
    memory: { used: 1200 * 2 ** 20, cached: 2500 * 2 ** 20, buffers: 165 * 2 ** 20, free: 0 },
    disk: 16e9,
    batch: { lastSuccess: 0, lastRun: 0, duration: 0, processed: 0, next: 0 },
    inProgress: 0,
    holiday: 0,
    shipped: 0,
    api: API.map(() => ({ buckets: BOUNDS.map(() => 0), count: 0, sum: 0 })),
  };
}

/** One scrape interval of the demo service's simulations, ending at t. */
function advance(s: State, rnd: () => number, t: number): void {
  const ticks = SCRAPE_MS / 100;
  const factor = (4 * 100) / 1000;
  for (let i = 0; i < ticks; i++) {
    const user = (0.3 + (rnd() - 0.5) / 5) * factor;
    const system = (0.2 + (rnd() - 0.5) / 5) * factor;
    s.cpu.user += user;
    s.cpu.system += system;
    s.cpu.idle += factor - user - system;
  }
  const walk = (current: number, base: number) => {
    const next = current + Math.trunc((rnd() - 0.5) * 60 * 2 ** 20);
    return next < base * 0.5 || next > base * 1.5 ? base : next;
  };
  s.memory.used = walk(s.memory.used, 1200 * 2 ** 20);
  s.memory.cached = walk(s.memory.cached, 2500 * 2 ** 20);
  s.memory.buffers = walk(s.memory.buffers, 165 * 2 ** 20);
  s.memory.free = 8 * 2 ** 30 - s.memory.used - s.memory.cached - s.memory.buffers;
  s.disk += Math.trunc(5 * 0.5e6 * (1 - (rnd() - 0.5)));
  if (s.disk > 0.9 * 160e9) s.disk = 16e9;
  if (t >= s.batch.next) {
    // A run a minute, 11 s long, a quarter of them failing.
    const now = (t + Math.floor(rnd() * 2000)) / 1000 + rnd() / 1000;
    if (rnd() > 0.25) {
      s.batch.lastSuccess = now;
      s.batch.processed = 1e6 + 1e5 - Math.floor(rnd() * 1e5);
    }
    s.batch.duration = s.batch.lastRun === 0 ? 11 : now - s.batch.lastRun;
    s.batch.lastRun = now;
    s.batch.next = t + 60_000;
  }
  s.inProgress = Math.floor(rnd() * 4);
  const day = Math.floor(t / 300_000);
  s.holiday = Math.floor(day * 2654435761) % 5 === 0 ? 1 : 0;
  s.shipped += Math.round((SCRAPE_MS / 100 / (2 + Math.sin(t / 47_746))) * (s.holiday ? 0.55 : 1));
  for (const [c, [, , , perScrape, baseMs, outageS]] of API.entries()) {
    const h = s.api[c]!;
    const outage = outageS > 0 && Math.floor(t / 1000) % (10 * outageS) < outageS;
    let n = Math.floor(perScrape * (0.8 + 0.4 * rnd()) * (outage ? 0.7 : 1));
    if (rnd() < perScrape - Math.floor(perScrape)) n++;
    for (let i = 0; i < n; i++) {
      // Normal-ish latency around the base (sum of uniforms), three times slower during outages.
      const z = rnd() + rnd() + rnd() - 1.5;
      const seconds = Math.max(0.00005, ((baseMs * (1 + z / 5)) / 1000) * (outage ? 3 : 1));
      h.count++;
      h.sum += seconds;
      let b = BOUNDS.length - 1;
      while (b > 0 && seconds <= BOUNDS[b - 1]!) b--;
      if (seconds <= BOUNDS[b]!) for (; b < BOUNDS.length; b++) h.buckets[b]!++;
    }
  }
}
