import { decodeLabels } from '@spanhouse/store';

/**
 * A label set: any string is a valid key (`__proto__`, `constructor`, `toString` included), so
 * label sets are objects without a prototype, built only by labelSet, and read only through own
 * keys (Object.keys, Object.hasOwn). A plain object would turn `__proto__` into its prototype and
 * answer `constructor` with a function. JSON.stringify writes every own key.
 */
export type Labels = Record<string, string>;

/** A label set of `entries`. */
export function labelSet(entries: Iterable<readonly [string, string]>): Labels {
  const out: Labels = Object.create(null);
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/** A label set to build on: empty, or a copy of `from`. */
export const labelsCopy = (from?: Labels): Labels => Object.assign(Object.create(null), from);

/** The value of `key` in `labels`, or '' when the set lacks it (the group_by rule). */
export const labelValue = (labels: Labels, key: string): string => (Object.hasOwn(labels, key) ? labels[key]! : '');

/*
 * The empty-label rule. The series table stores the labels a series was sent with; the batch API
 * accepts a label whose value is "" and keeps it, remote write and OTLP metrics drop such labels
 * before storing (Prometheus treats them as absent). Reading, the two APIs see "" differently, as
 * their documents say:
 * - the native metrics API (docs/api.md) reads the labels as stored: "" is a real value, shown in
 *   answers, and the filter {"k": ""} matches only series that have k (storedLabels);
 * - PromQL and the Prometheus HTTP API (docs/prometheus.md) follow Prometheus, where a label with
 *   an empty value does not exist: {k=""} matches series without k (the SQL of a matcher reads a
 *   missing key as ""), and label sets, label names and label values leave such labels out
 *   (prometheusLabels).
 * Both views are made here, from the one decoding of the stored map.
 */

/** A stored label map as the native metrics API sees it: every pair, "" included. */
export const storedLabels = (raw: unknown): Labels => decodeLabels(raw);

/** A stored label map as PromQL sees it: labels with an empty value are absent. */
export function prometheusLabels(raw: unknown): Labels {
  const out: Labels = Object.create(null);
  for (const [k, v] of Object.entries(decodeLabels(raw))) if (v !== '') out[k] = v;
  return out;
}
