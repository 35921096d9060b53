import { Evaluator } from './src/prometheus/engine/evaluator.ts';
import { stepInvariantParts } from './src/prometheus/engine/preprocess.ts';
import { QueryContext } from './src/prometheus/engine/query-context.ts';
import type { RawSeries } from './src/prometheus/engine/raw-samples.ts';
import { parsePromQL } from './src/prometheus/parse.ts';

const start0 = Date.UTC(2026, 0, 3);
const N = 1000, P = 2190;
const make = (name: string, rate: number): RawSeries[] =>
  Array.from({ length: N }, (_, s) => {
    const ts = new Float64Array(P), vs = new Float64Array(P);
    let v = 0;
    for (let i = 0; i < P; i++) { ts[i] = start0 + i * 10_000; v += Math.floor(Math.random() * rate); if (s % 10 === 0 && i === 1000) v = 0; vs[i] = v; }
    return { metric: { __name__: name, host: `h${s % 100}`, region: `r${Math.floor(s / 100)}` }, ts, vs, stale: undefined };
  }).sort((a, b) => (a.metric.host + a.metric.region < b.metric.host + b.metric.region ? -1 : 1));
const data: Record<string, RawSeries[]> = { a: make('a', 2), b: make('b', 60) };
class Fake extends QueryContext {
  override rawSeries(m: readonly { value: string }[]): Promise<RawSeries[]> {
    return Promise.resolve(data[m.find((x: any) => x.name === '__name__')!.value]!);
  }
}
const run = async (q: string) => {
  const e = parsePromQL(q);
  const ctx = new Fake(undefined as any, 'p', { maxSamples: 1e9, timeoutMs: 1e6 });
  const start = start0 + 300_000, end = start0 + 6 * 3600_000;
  const ev = new Evaluator(ctx, start, end, 30_000, stepInvariantParts(e), undefined);
  const t0 = performance.now();
  const v = await ev.eval(e);
  return [performance.now() - t0, (v as any).matrix.length] as const;
};
for (const q of (process.env.QS ?? "sum by (region) (rate(a[5m])) / sum by (region) (rate(b[5m]))").split(";")) {
  const ms: number[] = [];
  for (let i = 0; i < 6; i++) ms.push((await run(q))[0]);
  console.log(q, ms.map((x) => x.toFixed(0)).join(' '));
}
