import { httpRequest } from '../lib/http.ts';
import { cpuSecondsOf } from '../lib/proc.ts';
import type { Service } from '../lib/service.ts';
import type { LoadBody } from '../metrics/bodies.ts';
import type { Peer } from '../metrics/peers.ts';

/** Something that takes remote write and answers the Prometheus query API. */
export type Target = {
  name: string;
  url: string;
  writePath: string;
  apiPath: string;
  headers: Record<string, string>;
  cpu: () => number;
  /** Writes answered 429 or 503 and sent again. */
  refused: { n: number };
};

const RW_HEADERS = {
  'Content-Type': 'application/x-protobuf',
  'Content-Encoding': 'snappy',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
};

export const peerTarget = (p: Peer): Target => ({
  name: p.name,
  url: p.url,
  writePath: '/api/v1/write',
  apiPath: '/api/v1',
  headers: {},
  cpu: () => cpuSecondsOf(p.pid),
  refused: { n: 0 },
});

export const serviceTarget = (s: Service, name = 'spanhouse'): Target => ({
  name,
  url: s.url,
  writePath: '/prometheus/api/v1/write',
  apiPath: '/prometheus/api/v1',
  headers: { Authorization: `Bearer ${s.token}` },
  cpu: () => cpuSecondsOf(s.pid),
  refused: { n: 0 },
});

/**
 * Sends one WriteRequest until accepted: a 429 or 503 (the service's admission while ingest is
 * behind) is sent again after a wait that doubles from 100 ms up to 2 s, as Prometheus' remote
 * write backs off. Every refusal is counted in the target's `refused`; any other answer but 2xx
 * fails the load.
 */
export async function post(t: Target, body: Buffer): Promise<void> {
  for (let wait = 100; ; wait = Math.min(2 * wait, 2_000)) {
    const res = await httpRequest(`${t.url}${t.writePath}`, {
      method: 'POST',
      body,
      headers: { ...RW_HEADERS, ...t.headers },
    });
    if (res.status === 204 || res.status === 200) return;
    if (res.status !== 429 && res.status !== 503)
      throw new Error(`${t.name} write -> ${res.status}: ${res.body.toString().slice(0, 300)}`);
    t.refused.n++;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Remote-write frames: `frames[part][k]`, and the points and bytes they carry. */
export type Frames = { frames: LoadBody[][]; points: number; bytes: number };

export function framesOf(frames: LoadBody[][]): Frames {
  const all = frames.flat();
  return { frames, points: all.reduce((n, f) => n + f.points, 0), bytes: all.reduce((n, f) => n + f.body.length, 0) };
}

/**
 * Sends every frame; `lockstep` sends frame k of every part together and waits (Prometheus takes
 * samples only within an hour of its newest), otherwise `inFlight` requests at once in time order.
 */
export async function load(t: Target, f: Frames, opts: { lockstep: boolean; inFlight: number }) {
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
export type RangeForm = { query: string; startMs: number; endMs: number; stepMs: number };

export type RangeAnswer = { status: number; ms: number; json: { data?: unknown; error?: string } };

/** One query_range; `extra` adds parameters (nocache=1). Throws unless `allowError` on anything but 200. */
export async function rangeQuery(
  t: Target,
  q: RangeForm,
  extra: Record<string, string> = {},
  allowError = false,
): Promise<RangeAnswer> {
  const params = new URLSearchParams({
    query: q.query,
    start: String(q.startMs / 1000),
    end: String(q.endMs / 1000),
    step: String(q.stepMs / 1000),
    ...extra,
  });
  const res = await httpRequest(`${t.url}${t.apiPath}/query_range?${params}`, { headers: t.headers });
  if (res.status !== 200 && !allowError)
    throw new Error(`${t.name} ${q.query} -> ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { status: res.status, ms: res.ms, json: JSON.parse(res.body.toString()) };
}
