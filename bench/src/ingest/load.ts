import { httpRequest } from '../lib/http.ts';
import { cpuSecondsOf } from '../lib/proc.ts';
import { percentile } from '../lib/stats.ts';
import type { BodySource } from './bodies.ts';

export type LoadResult = {
  spansPerSec: number;
  requests: number;
  statuses: Record<number, number>;
  ackP50: number;
  ackP99: number;
  visibleP50: number;
  visibleP99: number;
  visibleSamples: number;
  /** Spans of every request acknowledged (200; 207 for the ingestion API), warm-up included: all must be stored. */
  ackedSpans: number;
  /** The service's CPU (all its threads) per span committed in the timed window, microseconds. */
  cpuUsPerSpan: number;
};

const PROBE_BASE = 2 ** 28;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `clients` loops posting bodies for warmup + seconds; only spans acknowledged (okStatus) inside the
 * timed window count. 429/503 answers wait 100 ms and go on (counted); anything else aborts.
 * Beside them, a probe sends one trace every 250 ms and polls GET /api/public/traces/:id until it
 * reads it: ingest-to-visible under load.
 */
export async function runLoad(opts: {
  url: string;
  token: string;
  source: BodySource;
  probe: BodySource;
  clients: number;
  seconds: number;
  warmup: number;
  /** The service's process, for its CPU time over the timed window. */
  pid: number;
  /** Called at the start and at the end of the timed window (to read the service's own counters). */
  onWindow?: (edge: 'start' | 'end') => Promise<void>;
  /** The requests' Authorization (default: the bearer token). */
  authorization?: string;
}): Promise<LoadResult> {
  const { url, token, source } = opts;
  const auth = { Authorization: opts.authorization ?? `Bearer ${token}` };
  const t0 = performance.now();
  const from = t0 + opts.warmup * 1000;
  const to = from + opts.seconds * 1000;
  let k = 0;
  let spans = 0;
  let ackedSpans = 0;
  let requests = 0;
  const statuses: Record<number, number> = {};
  const ackMs: number[] = [];
  const visibleMs: number[] = [];
  const post = (s: BodySource, body: Buffer) =>
    httpRequest(url + s.path, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': s.contentType, 'Content-Length': String(body.length) },
      body,
    });
  const client = async () => {
    while (performance.now() < to) {
      const { body } = source.body(k++);
      const res = await post(source, body);
      const end = performance.now();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === source.okStatus) {
        ackedSpans += source.spansPerRequest;
        if (end >= from && end < to) {
          spans += source.spansPerRequest;
          requests++;
          ackMs.push(res.ms);
        }
      } else if (res.status === 429 || res.status === 503) await sleep(100);
      else throw new Error(`${source.path} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    }
  };
  const probe = async () => {
    for (let n = 0; performance.now() < to; n++) {
      await sleep(250);
      const { body, traceId } = opts.probe.body(PROBE_BASE + n);
      const start = performance.now();
      if ((await post(opts.probe, body)).status !== opts.probe.okStatus) continue;
      while ((await httpRequest(`${url}/api/public/traces/${traceId}`, { headers: auth })).status !== 200) {
        await sleep(5);
      }
      const end = performance.now();
      if (start >= from && end < to) visibleMs.push(end - start);
    }
  };
  const cpu = (async () => {
    await sleep(from - performance.now());
    const start = cpuSecondsOf(opts.pid);
    await opts.onWindow?.('start');
    await sleep(to - performance.now());
    const end = cpuSecondsOf(opts.pid);
    await opts.onWindow?.('end');
    return end - start;
  })();
  const [cpuSeconds] = await Promise.all([cpu, ...Array.from({ length: opts.clients }, client), probe()]);
  return {
    spansPerSec: spans / opts.seconds,
    requests,
    statuses,
    ackP50: percentile(ackMs, 50),
    ackP99: percentile(ackMs, 99),
    visibleP50: percentile(visibleMs, 50),
    visibleP99: percentile(visibleMs, 99),
    visibleSamples: visibleMs.length,
    ackedSpans,
    cpuUsPerSpan: (cpuSeconds * 1e6) / spans,
  };
}
