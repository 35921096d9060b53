import type { SeriesInfo, SeriesSource } from '../metric-series/series-source.ts';
import { compareKeys, type Group, labelsKey } from './groups.ts';

/**
 * Ordering series by their labels (labelsKey, the order of the answer) without holding every
 * series' labels: the labels come a page at a time from a SeriesSource, and only what the order
 * needs is kept.
 */

/** The first `k` of `ids` by labels, with their labels, in order. Holds k label sets and a page. */
export async function firstByLabels(source: SeriesSource, ids: readonly string[], k: number): Promise<SeriesInfo[]> {
  const best: { key: string; s: SeriesInfo }[] = [];
  await source.labelsOf(ids, (page) => {
    for (const s of page) {
      const key = labelsKey(s.labels);
      if (best.length === k && compareKeys(key, best[k - 1]!.key) >= 0) continue;
      let at = best.length;
      while (at > 0 && compareKeys(key, best[at - 1]!.key) < 0) at--;
      best.splice(at, 0, { key, s });
      if (best.length > k) best.pop();
    }
  });
  return best.map((b) => b.s);
}

/** Characters of labelsKey kept per member to order the members of groups (see orderMembers). */
export const ORDER_PREFIX_CHARS = 1024;

/**
 * Puts the members of each group with more than one in label order (the tie-break of `last`).
 * Each member keeps the first ORDER_PREFIX_CHARS characters of its labelsKey; members whose
 * prefixes are equal and cut short are ordered by their whole keys, read again for them alone.
 */
export async function orderMembers(source: SeriesSource, groups: Group[]): Promise<void> {
  const shared = groups.filter((g) => g.members.length > 1);
  if (shared.length === 0) return;
  const prefixes = new Map<string, { prefix: string; whole: boolean }>();
  await source.labelsOf(
    shared.flatMap((g) => g.members),
    (page) => {
      for (const s of page) {
        const key = labelsKey(s.labels);
        // A copy (through JSON, which keeps lone surrogates), so the prefix does not keep the whole
        // key alive as a slice of it.
        const prefix =
          key.length > ORDER_PREFIX_CHARS
            ? (JSON.parse(JSON.stringify(key.slice(0, ORDER_PREFIX_CHARS))) as string)
            : key;
        prefixes.set(s.id, { prefix, whole: key.length <= ORDER_PREFIX_CHARS });
      }
    },
  );
  const prefix = (id: string) => prefixes.get(id) ?? { prefix: '', whole: true };
  // Members whose cut prefixes tie: their order needs the whole keys.
  const tied = new Set<string>();
  for (const g of shared) {
    g.members.sort((a, b) => compareKeys(prefix(a).prefix, prefix(b).prefix));
    for (let i = 1; i < g.members.length; i++) {
      const [a, b] = [g.members[i - 1]!, g.members[i]!];
      if (prefix(a).prefix === prefix(b).prefix && !prefix(a).whole && !prefix(b).whole) tied.add(a).add(b);
    }
  }
  if (tied.size === 0) return;
  const whole = new Map<string, string>();
  await source.labelsOf([...tied], (page) => {
    for (const s of page) whole.set(s.id, labelsKey(s.labels));
  });
  const key = (id: string) => whole.get(id) ?? prefix(id).prefix;
  for (const g of shared) g.members.sort((a, b) => compareKeys(key(a), key(b)));
}
