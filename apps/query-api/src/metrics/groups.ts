import { type Labels, labelSet, labelValue } from '../metric-series/labels.ts';
import type { Candidate, SeriesInfo } from '../metric-series/series-source.ts';

/** One output series: its labels and the stored series it aggregates (ids). */
export type Group = {
  labels: Labels;
  /** Canonical form of `labels`; output series are ordered by it. */
  key: string;
  /**
   * The stored series of the group; in label order where that order is needed (it breaks ties of
   * `last` between series of one group: see orderMembers).
   */
  members: string[];
};

/**
 * The canonical form of a label set: its pairs sorted by key, as JSON. Output series are sorted
 * by this string (JS code-unit order); it decides which 50 series survive the series cut.
 */
export function labelsKey(labels: Labels): string {
  return JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );
}

/** Labels with keys in sorted order, so output reads the same whatever order they were sent in. */
export function sortedLabels(labels: Labels): Labels {
  return labelSet(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]!] as const),
  );
}

export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Without group_by: one output series per stored series, labelled with its labels, in label order. */
export function groupsBySeries(series: readonly SeriesInfo[]): Group[] {
  // Each label set is serialized once, not at every comparison of the sort.
  return series
    .map((s) => ({ labels: sortedLabels(s.labels), key: labelsKey(s.labels), members: [s.id] }))
    .sort((a, b) => compareKeys(a.key, b.key));
}

/**
 * With group_by: one output series per value of the label, labelled `{key: value}` (series lacking
 * the key have the value ""), in label order. Members keep the order of `candidates`.
 */
export function groupsByValue(candidates: readonly Candidate[], groupBy: string): Group[] {
  const byValue = new Map<string, string[]>();
  for (const c of candidates) {
    const value = c.value ?? '';
    const members = byValue.get(value);
    if (members) members.push(c.id);
    else byValue.set(value, [c.id]);
  }
  return [...byValue].map(([value, members]) => {
    const labels = labelSet([[groupBy, value]]);
    return { labels, key: labelsKey(labels), members };
  });
}

/**
 * Output series of stored series whose labels are at hand (docs/api.md, metrics query): without
 * group_by, one per series with its full labels; with group_by, one per value of that label, the
 * members of each group in label order. Sorted by labelsKey.
 */
export function groupSeries(series: readonly SeriesInfo[], groupBy?: string): Group[] {
  if (groupBy === undefined) return groupsBySeries(series);
  const ordered = groupsBySeries(series);
  const labelsOf = new Map(series.map((s) => [s.id, s.labels]));
  const candidates = ordered.map((g) => ({
    id: g.members[0]!,
    value: labelValue(labelsOf.get(g.members[0]!)!, groupBy),
  }));
  return groupsByValue(candidates, groupBy).sort((a, b) => compareKeys(a.key, b.key));
}

/**
 * The series of `groups` as parallel arrays, for reads that map series to groups in SQL: every
 * series id, its group index, and its tie-break rank for `last` (the earlier series in label
 * order ranks higher, i.e. wins a tie); and id -> group index for mapping rows back.
 */
export type GroupIndex = {
  ids: bigint[];
  groupOf: number[];
  rank: number[];
  groupOfId: Map<string, number>;
  groupCount: number;
  /** Every group is one series (no group_by, or one series per value). */
  onePerGroup: boolean;
};

export function indexGroups(groups: readonly Group[]): GroupIndex {
  const ids: bigint[] = [];
  const groupOf: number[] = [];
  const rank: number[] = [];
  const groupOfId = new Map<string, number>();
  groups.forEach((g, gi) => {
    g.members.forEach((id, si) => {
      ids.push(BigInt(id));
      groupOf.push(gi);
      rank.push(g.members.length - si);
      groupOfId.set(id, gi);
    });
  });
  return { ids, groupOf, rank, groupOfId, groupCount: groups.length, onePerGroup: ids.length === groups.length };
}
