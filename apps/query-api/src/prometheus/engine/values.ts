import { labelsCopy } from '../../metric-series/labels.ts';
import { compareLabels, type Labels } from '../series-lookup.ts';
import { compareStrings } from '../string-order.ts';

export { compareLabels, type Labels };

/**
 * A series of an evaluated expression: its points in time order, at evaluation steps only where
 * it has a value (instant vectors and scalars over a range, as Prometheus' Matrix), or the raw
 * points of a range (a range vector at one instant). `metric` is never mutated once built.
 */
export type Series = { metric: Labels; ts: number[]; vs: number[] };
export type Matrix = Series[];

/** One value of an instant vector at the step being evaluated. */
export type Sample = { metric: Labels; t: number; v: number };
export type Vector = Sample[];

/** What evaluating an expression gives: step-aligned series (scalars too), raw ranges, or a string. */
export type Value = { type: 'matrix'; matrix: Matrix } | { type: 'string'; value: string };

const KEYS = new WeakMap<Labels, string>();

/** A label set's identity: its pairs in name order (labels.Labels' bytes). Cached per object. */
export function labelsKey(l: Labels): string {
  let key = KEYS.get(l);
  if (key === undefined) {
    const names = Object.keys(l).sort(compareStrings);
    key = names.map((n) => `${n}\xff${l[n]}`).join('\xfe');
    KEYS.set(l, key);
  }
  return key;
}

const WITHOUT_NAME = new WeakMap<Labels, Labels>();

/**
 * The labels without `__name__`: the same object when there is no name, and one object per input
 * (cached), so a series' label set is worked out once however many steps it has.
 */
export function dropName(l: Labels): Labels {
  if (l.__name__ === undefined) return l;
  let out = WITHOUT_NAME.get(l);
  if (!out) {
    out = labelsCopy(l);
    delete out.__name__;
    WITHOUT_NAME.set(l, out);
  }
  return out;
}

/** A label set built from pairs, empty values left out (an empty value means no such label). */
export function labelsOf(pairs: Iterable<[string, string]>): Labels {
  const out = labelsCopy();
  for (const [k, v] of pairs) if (v !== '') out[k] = v;
  return out;
}

/** Labels with their keys in name order, as the API writes them. */
export function sortedLabels(l: Labels): Labels {
  const out = labelsCopy();
  for (const k of Object.keys(l).sort(compareStrings)) out[k] = l[k]!;
  return out;
}
