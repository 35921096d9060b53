import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH } from '../service-process.ts';

/**
 * Sustained concurrent ingest for the operational tests, and the ledger that remembers what was
 * sent and what was acknowledged (200), so a test can check the store against it afterwards.
 *
 * Three kinds of request, each carrying ids no other request uses:
 * - batch: POST /v1/l/batch, one trace with OBS_PER_TRACE observations;
 * - otlp: POST /api/public/otel/v1/traces (OTLP/JSON), one trace with OBS_PER_TRACE spans;
 * - metrics: POST /v1/metrics/batch, POINTS_PER_REQUEST points of one series of its own
 *   (label `req`), value 1 each at distinct timestamps, so a sum counts the stored points.
 */
export type Kind = 'batch' | 'otlp' | 'metrics';

export const OBS_PER_TRACE = 3;
export const POINTS_PER_REQUEST = 5;
export const METRIC_NAME = 'ops_points';
/** All points of the workload fall on this UTC day, so one 1d bucket holds a series' points. */
const DAY = '2026-04-01';
const DAY_START_MS = Date.parse(`${DAY}T00:00:00Z`);

export class Ledger {
  /** trace id -> observation ids, for every request sent / acknowledged. */
  readonly sentTraces = new Map<string, string[]>();
  readonly ackedTraces = new Map<string, string[]>();
  /** metrics request label -> points, sent / acknowledged. */
  readonly sentSeries = new Map<string, number>();
  readonly ackedSeries = new Map<string, number>();
  readonly statuses = new Map<string, number>();
  /** Responses that broke the contract: a 429/503 without Retry-After, a 5xx other than 503. */
  readonly violations: string[] = [];
  /** Requests sent whose answer (or connection error) has not arrived yet. */
  inFlight = 0;
  private n = 0;

  constructor(readonly prefix: string) {}

  nextId(): number {
    return this.n++;
  }

  count(status: string): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  get acked(): number {
    return this.statuses.get('200') ?? 0;
  }
}

type Built = { path: string; body: string; headers: Record<string, string>; ack: () => void; send: () => void };

const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
/** As the service maps OTLP ids (docs/api.md): trace id = the 32 hex digits as a UUID; span id = its 16 hex digits after 16 zeros. */
const uuidOfHex = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** A distinct trace-id number space per ledger prefix, so OTLP trace ids never collide across ledgers. */
function prefixNumber(prefix: string): number {
  let h = 0;
  for (const ch of prefix) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A request of `kind`; an OTLP trace has `spans` spans (OBS_PER_TRACE by default). */
export function build(kind: Kind, ledger: Ledger, spanCount = OBS_PER_TRACE): Built {
  const n = ledger.nextId();
  const time = new Date(DAY_START_MS + (n % 80_000) * 1000).toISOString();
  if (kind === 'batch') {
    const traceId = `${ledger.prefix}-t${n}`;
    const obs = Array.from({ length: OBS_PER_TRACE }, (_, k) => `${traceId}-o${k}`);
    const body = {
      trace: { id: traceId, timestamp: time, name: 'ops', userId: `u${n % 7}` },
      observations: obs.map((id, k) => ({
        id,
        type: k === 0 ? 'SPAN' : 'GENERATION',
        name: `step-${k}`,
        startTime: time,
        endTime: time,
        model: k === 0 ? undefined : 'gpt-4o-mini',
        promptTokens: 10,
        completionTokens: 5,
        parentObservationId: k === 0 ? null : obs[0],
      })),
    };
    return traceBuilt('/v1/l/batch', JSON.stringify(body), ledger, traceId, obs);
  }
  if (kind === 'otlp') {
    const traceHex = hex(prefixNumber(ledger.prefix), 8) + hex(n, 24);
    const spanHex = Array.from({ length: spanCount }, (_, k) => hex(n * 1024 + k + 1, 16));
    const startNs = `${BigInt(DAY_START_MS + (n % 80_000) * 1000) * 1_000_000n}`;
    const spans = spanHex.map((spanId, k) => ({
      traceId: traceHex,
      spanId,
      parentSpanId: k === 0 ? undefined : spanHex[0],
      name: `span-${k}`,
      kind: 1,
      startTimeUnixNano: startNs,
      endTimeUnixNano: startNs,
      attributes: [{ key: 'langfuse.trace.name', value: { stringValue: 'ops' } }],
    }));
    const body = { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'ops' }, spans }] }] };
    const obs = spanHex.map((s) => uuidOfHex('0'.repeat(16) + s));
    return traceBuilt('/api/public/otel/v1/traces', JSON.stringify(body), ledger, uuidOfHex(traceHex), obs);
  }
  const req = `${ledger.prefix}-m${n}`;
  const metrics = Array.from({ length: POINTS_PER_REQUEST }, (_, k) => ({
    name: METRIC_NAME,
    labels: { req, host: `h${n % 3}` },
    value: 1,
    timestamp: new Date(DAY_START_MS + k * 1000).toISOString(),
  }));
  return {
    path: '/v1/metrics/batch',
    body: JSON.stringify({ metrics }),
    headers: { 'Content-Type': 'application/json' },
    send: () => ledger.sentSeries.set(req, POINTS_PER_REQUEST),
    ack: () => ledger.ackedSeries.set(req, POINTS_PER_REQUEST),
  };
}

function traceBuilt(path: string, body: string, ledger: Ledger, traceId: string, obs: string[]): Built {
  return {
    path,
    body,
    headers: { 'Content-Type': 'application/json' },
    send: () => ledger.sentTraces.set(traceId, obs),
    ack: () => ledger.ackedTraces.set(traceId, obs),
  };
}

/**
 * Sends requests from `concurrency` workers (kinds taken in turn) until `until()` is true.
 * A worker that gets 429/503 waits a little and goes on (a well-behaved client would wait the
 * Retry-After; the tests want pressure). Connection errors are expected when the process dies.
 */
export async function drive(opts: {
  base: string;
  ledger: Ledger;
  kinds: Kind[];
  concurrency: number;
  until: () => boolean;
  /** Pause after a refusal (ms). */
  backoffMs?: number;
}): Promise<void> {
  const worker = async (w: number) => {
    for (let i = 0; !opts.until(); i++) {
      const kind = opts.kinds[(w + i) % opts.kinds.length]!;
      const req = build(kind, opts.ledger);
      req.send();
      let status: string;
      opts.ledger.inFlight++;
      try {
        const res = await fetch(opts.base + req.path, {
          method: 'POST',
          body: req.body,
          headers: { ...AUTH, ...req.headers },
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        status = String(res.status);
        if (res.status === 200) req.ack();
        if ((res.status === 429 || res.status === 503) && !res.headers.get('retry-after')) {
          opts.ledger.violations.push(`${res.status} without Retry-After on ${req.path}`);
        }
        if (res.status >= 500 && res.status !== 503) opts.ledger.violations.push(`${res.status} on ${req.path}`);
      } catch {
        status = 'connection-error';
      } finally {
        opts.ledger.inFlight--;
      }
      opts.ledger.count(status);
      if (status !== '200') await sleep(opts.backoffMs ?? 20);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
}

export type Found = {
  ackedTraces: number;
  foundTraces: number;
  ackedObservations: number;
  foundObservations: number;
  ackedPoints: number;
  foundPoints: number;
  /** Human-readable discrepancies; empty when the store matches the ledger. */
  problems: string[];
};

/**
 * Resolves once /readyz answers 200: after a start, the service has replayed its ingest log (every
 * record acknowledged before the stop is readable).
 */
export async function waitReady(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/readyz`);
    const text = await res.text();
    if (res.status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms: ${text}`);
    await sleep(50);
  }
}

/**
 * Resolves once the service's ingest log holds nothing uncommitted (every acknowledged row is
 * readable), per its /metrics.
 */
export async function waitDrained(base: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await (await fetch(`${base}/metrics`, { headers: AUTH })).text();
    const line = text.split('\n').find((l) => l.startsWith('spanhouse_ingest_log_uncommitted_records '));
    if (line && Number(line.split(' ')[1]) === 0) return;
    if (Date.now() > deadline) throw new Error(`ingest log not drained within ${timeoutMs} ms: ${line}`);
    await sleep(50);
  }
}

/**
 * Checks the store against the ledger through the public API, once the service is ready and has
 * inserted everything it acknowledged: every
 * acknowledged trace is there with exactly its observations (by id and count, no duplicates),
 * every acknowledged metrics request has exactly its points, and nothing is stored that was never
 * sent.
 */
export async function verify(
  base: string,
  ledgers: Ledger[],
  /** Ledgers whose metric points to check (one query per series; defaults to all). */
  pointsOf: Ledger[] = ledgers,
): Promise<Found> {
  await waitReady(base);
  await waitDrained(base);
  const stored = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/public/traces?limit=200&page=${page}&fields=observations&orderBy=name.asc`, {
      headers: AUTH,
    });
    if (res.status !== 200) throw new Error(`trace list answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { data: { id: string; observations: string[] }[]; meta: { totalPages: number } };
    for (const t of body.data) stored.set(t.id, t.observations);
    if (page >= body.meta.totalPages) break;
  }
  const found: Found = {
    ackedTraces: 0,
    foundTraces: 0,
    ackedObservations: 0,
    foundObservations: 0,
    ackedPoints: 0,
    foundPoints: 0,
    problems: [],
  };
  const sent = new Map<string, string[]>();
  for (const l of ledgers) for (const [id, obs] of l.sentTraces) sent.set(id, obs);
  for (const l of ledgers) {
    for (const [id, obs] of l.ackedTraces) {
      found.ackedTraces++;
      found.ackedObservations += obs.length;
      const got = stored.get(id);
      if (!got) {
        found.problems.push(`acknowledged trace ${id} is missing`);
        continue;
      }
      found.foundTraces++;
      found.foundObservations += got.length;
      if (got.length !== obs.length || [...got].sort().join() !== [...obs].sort().join()) {
        found.problems.push(`trace ${id}: observations ${JSON.stringify(got)}, acknowledged ${JSON.stringify(obs)}`);
      }
    }
    for (const [req, points] of pointsOf.includes(l) ? l.ackedSeries : []) {
      found.ackedPoints += points;
      const n = await storedPoints(base, req);
      found.foundPoints += n;
      if (n !== points) found.problems.push(`metrics request ${req}: ${n} points stored, ${points} acknowledged`);
    }
  }
  for (const [id, obs] of stored) {
    const s = sent.get(id);
    if (!s) found.problems.push(`trace ${id} is stored but was never sent`);
    else if (obs.some((o) => !s.includes(o))) found.problems.push(`trace ${id} has observations never sent`);
  }
  return found;
}

/**
 * Every workload point stored, over all series: the sum of their values (1 each) grouped by host
 * (three groups, so the 50-series cut never applies). For long runs where a query per series
 * would take too long.
 */
export async function storedPointTotal(base: string): Promise<number> {
  return sumOfValues(base, { group_by: 'host' });
}

/** Points of one workload series: the sum of its values (1 each) in the day's single 1d bucket. */
function storedPoints(base: string, req: string): Promise<number> {
  return sumOfValues(base, { labels: JSON.stringify({ req }) });
}

/** The sum of every value of the workload metric's day, as one 1d bucket per series answers it. */
async function sumOfValues(base: string, extra: Record<string, string>): Promise<number> {
  const q = new URLSearchParams({
    name: METRIC_NAME,
    agg: 'sum',
    step: '1d',
    from: `${DAY}T00:00:00Z`,
    to: `${DAY}T23:59:59Z`,
    ...extra,
  });
  const res = await fetch(`${base}/api/public/metrics/query?${q}`, { headers: AUTH });
  if (res.status !== 200) throw new Error(`metrics query answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: { values: { value: number }[] }[] };
  return body.data.reduce((sum, s) => sum + s.values.reduce((a, v) => a + v.value, 0), 0);
}

/** Points acknowledged in `ledgers`. */
export const ackedPoints = (ledgers: Ledger[]) =>
  ledgers.reduce((n, l) => n + [...l.ackedSeries.values()].reduce((a, b) => a + b, 0), 0);

/** Every kind, in turn: batch traces, OTLP spans, metric points. */
export const KINDS: Kind[] = ['batch', 'otlp', 'metrics'];
