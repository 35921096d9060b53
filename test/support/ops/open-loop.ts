import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH } from '../service-process.ts';
import { build, type Kind, type Ledger } from './workload.ts';

export type Offered = { status: number; ms: number; error?: string };

/** Requests of `kind` (OTLP traces of `spans` spans) per second the service acknowledges to 8 closed-loop clients, over `ms`. */
export async function rateOf(base: string, ledger: Ledger, kind: Kind, ms: number, spans?: number): Promise<number> {
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() - t0 < ms) await one(base, ledger, kind, spans);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ledger.acked / ((performance.now() - t0) / 1000);
}

/**
 * Offers requests of `kind` at `perSecond`, open loop: each at its moment, whatever became of the
 * earlier ones, for `ms`. Resolves once every answer is in, with each one's status (0 for a
 * connection error) and latency.
 */
export async function openLoop(
  base: string,
  ledger: Ledger,
  kind: Kind,
  perSecond: number,
  ms: number,
  spans?: number,
): Promise<Offered[]> {
  const pending: Promise<Offered>[] = [];
  const t0 = performance.now();
  for (let sent = 0; ; ) {
    const elapsed = performance.now() - t0;
    if (elapsed >= ms) break;
    const due = Math.floor((elapsed / 1000) * perSecond);
    for (; sent < due; sent++) pending.push(one(base, ledger, kind, spans));
    await sleep(2);
  }
  return Promise.all(pending);
}

async function one(base: string, ledger: Ledger, kind: Kind, spans?: number): Promise<Offered> {
  const req = build(kind, ledger, spans);
  req.send();
  const t0 = performance.now();
  try {
    const res = await fetch(base + req.path, {
      method: 'POST',
      body: req.body,
      headers: { ...AUTH, ...req.headers },
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    ledger.count(String(res.status));
    if (res.status === 200) req.ack();
    if ((res.status === 429 || res.status === 503) && !res.headers.get('retry-after')) {
      ledger.violations.push(`${res.status} without Retry-After on ${req.path}`);
    }
    return { status: res.status, ms };
  } catch (err) {
    ledger.count('connection-error');
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, ms: performance.now() - t0, error: cause?.code ?? cause?.message ?? String(err) };
  }
}

/** The q-quantile of `xs` (nearest rank), NaN when empty. */
export function percentile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
