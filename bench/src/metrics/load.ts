import { httpRequest } from '../lib/http.ts';
import { committed } from '../lib/self-metrics.ts';
import type { LoadBody } from './bodies.ts';
import { endMs, type MetricsDataset } from './dataset.ts';
import { REMOTE_WRITE_HEADERS } from './remote-write.ts';

export type LoadResult = {
  points: number;
  seconds: number;
  pointsPerSec: number;
  requests: number;
  /** For the service: seconds until every point was readable (its ingest log drained), and that rate. */
  readableSeconds?: number;
  readablePerSec?: number;
  /** Answers 429 or 503 (sent again). */
  refused?: number;
};

function result(points: number, t0: number, requests: number): LoadResult {
  const seconds = (performance.now() - t0) / 1000;
  return { points, seconds, pointsPerSec: points / seconds, requests };
}

/**
 * Posts until accepted: 429 and 503 are sent again after a short pause, as a client does (and
 * counted in `refused`); any other answer but 2xx fails the load.
 */
async function post(url: string, body: Buffer, headers: Record<string, string>, refused = { n: 0 }) {
  for (;;) {
    const res = await httpRequest(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(body.length) },
      body,
    });
    if (res.status >= 200 && res.status <= 299) return;
    if (res.status !== 429 && res.status !== 503)
      throw new Error(`POST ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    refused.n++;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * POST /v1/metrics/batch, `concurrency` requests in flight, bodies in order (with `extraHeaders`,
 * e.g. the admin's Spanhouse-Project). Only 200 counts: any
 * other answer fails the load, since the answers are then checked point by point. The load is
 * over when the last answer came (points/s: acknowledged, durable) and, measured apart, when every
 * point is readable (the service's ingest log drained), as VictoriaMetrics' load ends with the
 * flush that makes its points searchable.
 */
export async function loadService(
  url: string,
  token: string,
  bodies: LoadBody[],
  concurrency = 8,
  extraHeaders: Record<string, string> = {},
): Promise<LoadResult> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extraHeaders };
  let next = 0;
  let points = 0;
  const refused = { n: 0 };
  const t0 = performance.now();
  const client = async () => {
    while (next < bodies.length) {
      const b = bodies[next++]!;
      await post(`${url}/v1/metrics/batch`, b.body, headers, refused);
      points += b.points;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const acked = result(points, t0, bodies.length);
  await committed(url, token);
  const readableSeconds = (performance.now() - t0) / 1000;
  return { ...acked, readableSeconds, readablePerSec: points / readableSeconds, refused: refused.n };
}

/** VictoriaMetrics' JSON import, every part at once, then a flush that makes the points searchable. */
export async function loadVictoriaMetrics(url: string, bodies: LoadBody[]): Promise<LoadResult> {
  const t0 = performance.now();
  await Promise.all(bodies.map((b) => post(`${url}/api/v1/import`, b.body, { 'Content-Type': 'application/json' })));
  const flushed = await httpRequest(`${url}/internal/force_flush`);
  if (flushed.status !== 200) throw new Error(`force_flush answered ${flushed.status}`);
  return result(
    bodies.reduce((n, b) => n + b.points, 0),
    t0,
    bodies.length,
  );
}

/**
 * Remote write in lock-step: request k of every part at once, then request k + 1. Prometheus takes
 * only samples newer than an hour before the newest it holds, so parts that drifted apart in data
 * time would be refused.
 */
export async function loadRemoteWrite(url: string, parts: LoadBody[][]): Promise<LoadResult> {
  const t0 = performance.now();
  let points = 0;
  let requests = 0;
  const rounds = Math.max(...parts.map((p) => p.length));
  for (let k = 0; k < rounds; k++) {
    await Promise.all(
      parts.map(async (frames) => {
        const f = frames[k];
        if (!f) return;
        await post(`${url}/api/v1/write`, f.body, REMOTE_WRITE_HEADERS);
        points += f.points;
        requests++;
      }),
    );
  }
  return result(points, t0, requests);
}

/** The points of the data set's metric a peer holds (the load check). */
export async function peerPointCount(url: string, ds: MetricsDataset): Promise<number> {
  // Prometheus 2.x ranges are closed and VictoriaMetrics' left-open: a range ending 1 ms before
  // the data set's end covers every point either way.
  const span = endMs(ds) - ds.startMs;
  const q = new URLSearchParams({
    query: `sum(count_over_time(${ds.metric}[${span}ms]))`,
    time: String((endMs(ds) - 1) / 1000),
  });
  const res = await httpRequest(`${url}/api/v1/query?${q}`);
  const body = JSON.parse(res.body.toString()) as { data?: { result?: { value: [number, string] }[] } };
  return Number(body.data?.result?.[0]?.value[1] ?? 0);
}
