import type { ComplianceCase } from './cases.ts';

/** A query_range answer as the tester's Go client reads it: ok with a matrix, or an error. */
export type RangeAnswer =
  | { ok: true; resultType: string; result: { metric: Record<string, string>; values: [number, string][] }[] }
  | { ok: false; status: number; errorType: string; error: string };

/** Why a case did not pass, one line; undefined when it passed. */
export type Verdict = { cause: string; detail: string } | undefined;

/** The tester's default tolerance: values equal within a relative 0.00001 (cmpopts.EquateApprox). */
const FRACTION = 0.00001;

/**
 * The compliance tester's verdict on one case (promql/comparer): the reference must fail exactly
 * when the case says it should; the system under test must then fail too (any error), or else
 * answer the same matrix: the same series in the same order after the tester sorts the tested
 * answer (model.Matrix order), the same label sets, timestamps equal, values equal within the
 * tolerance, NaN equal to NaN, infinities equal only to themselves.
 */
export function verdict(c: ComplianceCase, ref: RangeAnswer, got: RangeAnswer): Verdict {
  if (ref.ok === c.shouldFail) {
    throw new Error(`reference ${ref.ok ? 'answered' : `failed (${ref.ok ? '' : ref.error})`}: ${c.query}`);
  }
  if (!got.ok) {
    if (c.shouldFail) return undefined;
    return { cause: `error ${got.status} ${got.errorType}: ${errorKind(got.error)}`, detail: got.error };
  }
  if (c.shouldFail) return { cause: 'answered a query Prometheus refuses', detail: '' };
  if (c.skipComparison || !ref.ok) return undefined;
  if (got.resultType !== 'matrix') return { cause: `result type ${got.resultType}`, detail: '' };
  const want = ref.result;
  const have = [...got.result].sort((a, b) =>
    metricBefore(a.metric, b.metric) ? -1 : metricBefore(b.metric, a.metric) ? 1 : 0,
  );
  const wantKeys = want.map((s) => JSON.stringify(sortedLabels(s.metric)));
  const haveKeys = have.map((s) => JSON.stringify(sortedLabels(s.metric)));
  if (wantKeys.join('\n') !== haveKeys.join('\n')) {
    const missing = wantKeys.filter((k) => !haveKeys.includes(k));
    const extra = haveKeys.filter((k) => !wantKeys.includes(k));
    const cause = missing.length === 0 && extra.length === 0 ? 'series order' : 'series sets';
    return { cause, detail: `missing ${missing.slice(0, 2).join(' ')} extra ${extra.slice(0, 2).join(' ')}` };
  }
  for (const [i, w] of want.entries()) {
    const h = have[i]!;
    const wt = w.values.map(([t]) => Math.round(t * 1000));
    const ht = h.values.map(([t]) => Math.round(t * 1000));
    if (wt.join() !== ht.join()) {
      return { cause: 'timestamps', detail: `${wantKeys[i]}: ${firstDifference(wt, ht)}` };
    }
    for (const [j, [t, v]] of w.values.entries()) {
      const a = Number.parseFloat(goFloat(v));
      const b = Number.parseFloat(goFloat(h.values[j]![1]));
      if (!approxEqual(a, b))
        return { cause: 'values', detail: `${wantKeys[i]} at ${t}: want ${v}, got ${h.values[j]![1]}` };
    }
  }
  return undefined;
}

/** cmpopts.EquateApprox(0.00001, 0) with EquateNaNs: exact for infinities, relative otherwise. */
export function approxEqual(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= FRACTION * Math.min(Math.abs(a), Math.abs(b));
}

/** Go's ParseFloat spellings of the API's special values, as JavaScript reads them. */
const goFloat = (s: string) => (s === '+Inf' ? 'Infinity' : s === '-Inf' ? '-Infinity' : s);

/** model.LabelSet.Before: fewer labels first, then label by label over the union of names. */
function metricBefore(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return ka.length < kb.length;
  const names = [...ka, ...kb].sort();
  for (const n of names) {
    if (!(n in a)) return true;
    if (!(n in b)) return false;
    if (a[n]! < b[n]!) return true;
    if (a[n]! > b[n]!) return false;
  }
  return false;
}

const sortedLabels = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).sort(([x], [y]) => (x < y ? -1 : 1)));

function firstDifference(a: number[], b: number[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `step ${i}: want ${a[i]}, got ${b[i]} (${a.length} vs ${b.length} points)`;
  }
  return '';
}

/** An error message without its query-specific parts, to group failures by cause. */
function errorKind(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+(\.\d+)?/g, 'N')
    .slice(0, 120);
}
