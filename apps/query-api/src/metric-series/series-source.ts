import { type Labels, labelValue } from './labels.ts';

/** A stored series as the series table returns it. */
export type SeriesInfo = { id: string; labels: Labels };

/** A series of the metric that matches the query: its id and, with group_by, its group's value. */
export type Candidate = { id: string; value?: string };

/**
 * Where a query finds the series of its metric: the series table (reader.ts) or, in the
 * all-in-one process, the memory of small metrics (series-cache.ts). A query holds ids (and group
 * values) of every matching series, but full label sets only a page at a time and for the series
 * it returns: a metric's labels can be far larger than an answer (64 labels of 1,000 characters
 * per series).
 */
export type SeriesSource = {
  /** The series of the metric whose labels contain every pair of `labels`, and how many it has. */
  candidates(query: { labels: Labels; groupBy?: string }): Promise<{ series: Candidate[]; total: number }>;
  /** Hands the labels of `ids` (each once, any order) to `page`, a bounded number at a time. */
  labelsOf(ids: readonly string[], page: (series: SeriesInfo[]) => void): Promise<void>;
};

/** The series whose labels contain every pair of `labels` (the label filter of docs/api.md). */
export function matching(series: readonly SeriesInfo[], labels: Labels): SeriesInfo[] {
  const pairs = Object.entries(labels);
  if (pairs.length === 0) return [...series];
  return series.filter((s) => pairs.every(([k, v]) => Object.hasOwn(s.labels, k) && s.labels[k] === v));
}

/** A SeriesSource over every series of a metric held in memory. */
export function memorySource(all: readonly SeriesInfo[]): SeriesSource {
  const byId = new Map(all.map((s) => [s.id, s]));
  return {
    async candidates({ labels, groupBy }) {
      const series = matching(all, labels).map((s) =>
        groupBy === undefined ? { id: s.id } : { id: s.id, value: labelValue(s.labels, groupBy) },
      );
      return { series, total: all.length };
    },
    async labelsOf(ids, page) {
      page(ids.flatMap((id) => byId.get(id) ?? []));
    },
  };
}
