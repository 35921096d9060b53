import { httpRequest } from '../lib/http.ts';
import { committed, inserted, selfMetrics } from '../lib/self-metrics.ts';
import { percentile } from '../lib/stats.ts';

/** One request's body: a fresh copy of a template (fresh ids), and what it carries. */
export type Bodies = { path: string; contentType: string; rowsPerRequest: number; body: (k: number) => Buffer };

export type ClosedLoopResult = {
  /** Requests answered 200 per second, in the timed window. */
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** Rows of `table` inserted into ClickHouse per second in the timed window (committed). */
  committedPerSec: number;
  /** Inserts of each table per second in the timed window: the parts they created. */
  insertsPerSec: Record<string, number>;
  /** After the last answer, until everything acknowledged was readable (ms). */
  drainMs: number;
  statuses: Record<number, number>;
};

/**
 * `clients` loops, each sending a request as soon as its previous one was answered, for `warmup`
 * then `seconds` s; latencies and counts come from the timed window only. Committed rows are the
 * service's own insert counts (/metrics) over the same window.
 */
export async function closedLoop(opts: {
  url: string;
  token: string;
  bodies: Bodies;
  clients: number;
  warmup: number;
  seconds: number;
  /** The table whose inserted rows are the committed rate; `tables` are counted for parts. */
  table: string;
  tables: string[];
  /** The requests' Authorization (default: the bearer token, which also reads /metrics). */
  authorization?: string;
}): Promise<ClosedLoopResult> {
  const { url, token, bodies } = opts;
  const headers = { Authorization: opts.authorization ?? `Bearer ${token}`, 'Content-Type': bodies.contentType };
  const t0 = performance.now();
  const from = t0 + opts.warmup * 1000;
  const to = from + opts.seconds * 1000;
  const ms: number[] = [];
  const statuses: Record<number, number> = {};
  let k = 0;
  let before: Map<string, number> | undefined;
  const sampled = (async () => {
    await new Promise((r) => setTimeout(r, from - performance.now()));
    before = await selfMetrics(url, token);
    await new Promise((r) => setTimeout(r, to - performance.now()));
    return selfMetrics(url, token);
  })();
  const client = async () => {
    while (performance.now() < to) {
      const body = bodies.body(k++);
      const res = await httpRequest(url + bodies.path, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(body.length) },
        body,
      });
      const end = performance.now();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200 && end >= from && end < to) ms.push(res.ms);
      else if (res.status === 429 || res.status === 503) await new Promise((r) => setTimeout(r, 50));
      else if (res.status !== 200) throw new Error(`${bodies.path} answered ${res.status}: ${res.body.toString()}`);
    }
  };
  const [after] = await Promise.all([sampled, ...Array.from({ length: opts.clients }, client)]);
  const drainMs = await committed(url, token);
  const delta = (t: string) => {
    const a = inserted(after, t);
    const b = inserted(before!, t);
    return { rows: a.rows - b.rows, inserts: a.inserts - b.inserts };
  };
  return {
    requestsPerSec: ms.length / opts.seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    committedPerSec: delta(opts.table).rows / opts.seconds,
    insertsPerSec: Object.fromEntries(opts.tables.map((t) => [t, delta(t).inserts / opts.seconds])),
    drainMs,
    statuses,
  };
}

/** Batch bodies of one trace with `observations` observations (a root span, generations under it). */
export function batchBodies(observations: number): Bodies {
  const template = JSON.stringify({
    trace: { id: '@ID@', timestamp: '2026-04-01T10:00:00Z', name: 'import', userId: 'u-1', tags: ['bench'] },
    observations: Array.from({ length: observations }, (_, i) => ({
      id: `@ID@-o${i}`,
      type: i === 0 ? 'SPAN' : 'GENERATION',
      name: i === 0 ? 'run' : `step-${i}`,
      startTime: '2026-04-01T10:00:00Z',
      endTime: '2026-04-01T10:00:01Z',
      parentObservationId: i === 0 ? null : '@ID@-o0',
      ...(i === 0
        ? {}
        : {
            model: 'gpt-4o-mini',
            input: [{ role: 'user', content: `question ${i} ${'context '.repeat(20)}` }],
            output: { role: 'assistant', content: 'an answer of some length' },
            promptTokens: 120,
            completionTokens: 30,
          }),
    })),
  }).split('@ID@');
  const nonce = ((Date.now() / 1000) >>> 0).toString(16);
  return {
    path: '/v1/l/batch',
    contentType: 'application/json',
    rowsPerRequest: 1,
    body: (k) => Buffer.from(template.join(`bench-${nonce}-${k}`)),
  };
}
