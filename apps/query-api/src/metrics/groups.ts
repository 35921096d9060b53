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

/** The value of `key` in `labels`, or '' when the set lacks it (the group_by rule). */
export const labelValue = (labels: Labels, key: string): string => (Object.hasOwn(labels, key) ? labels[key]! : '');

/** A stored series as the series table returns it. */
export type SeriesInfo = { id: string; labels: Labels };

/** One output series: the stored series it aggregates, and its labels. */
export type Group = {
  labels: Labels;
  /** Canonical form of `labels`; output series are ordered by it. */
  key: string;
  series: SeriesInfo[];
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

/**
 * Output series of a query (docs/api.md, metrics query): without group_by, one per stored series,
 * labelled with its full label set; with group_by, one per value of that label, labelled
 * `{key: value}`, where series lacking the key form the group `{key: ""}`. Sorted by labelsKey;
 * the series inside a group too (that order breaks ties of `last`).
 */
export function groupSeries(series: readonly SeriesInfo[], groupBy?: string): Group[] {
  // Each label set is serialized once, not at every comparison of the sort.
  const byKey = new Map<string, { group: Group; members: { key: string; s: SeriesInfo }[] }>();
  for (const s of series) {
    const own = labelsKey(s.labels);
    const labels =
      groupBy === undefined ? sortedLabels(s.labels) : labelSet([[groupBy, labelValue(s.labels, groupBy)]]);
    const key = groupBy === undefined ? own : labelsKey(labels);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { group: { labels, key, series: [] }, members: [] };
      byKey.set(key, entry);
    }
    entry.members.push({ key: own, s });
  }
  const entries = [...byKey.values()].sort((a, b) => compare(a.group.key, b.group.key));
  return entries.map(({ group, members }) => {
    group.series = members.sort((a, b) => compare(a.key, b.key)).map((m) => m.s);
    return group;
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
    g.series.forEach((s, si) => {
      ids.push(BigInt(s.id));
      groupOf.push(gi);
      rank.push(g.series.length - si);
      groupOfId.set(s.id, gi);
    });
  });
  return { ids, groupOf, rank, groupOfId, groupCount: groups.length, onePerGroup: ids.length === groups.length };
}
