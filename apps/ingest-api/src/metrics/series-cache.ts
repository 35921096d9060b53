import { seriesId } from './series-id.ts';

type Entry = { id: string; stored: boolean };

/**
 * Series seen by this process: the key a point's labels have as sent (in the client's order) to
 * its id, and whether its series row is known to be committed. Points of a known series skip
 * the sort and the hash, and its series row is written once rather than with every batch.
 * Bounded: past `maxEntries` it starts over, which only costs re-sending some series rows
 * (the series table collapses duplicates).
 */
export class SeriesCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 1_000_000) {}

  /** The entry of a series, created (not yet stored) on first sight. */
  lookup(name: string, labels: Record<string, string>): Entry {
    const key = rawKey(name, labels);
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = { id: seriesId(name, labels), stored: false };
      this.entries.set(key, entry);
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * An injective key of (name, labels in the order given): every part is length-prefixed, so no
 * choice of characters makes two different series meet. Cheaper than sorting per point; the
 * same series sent with its labels in another order gets a second entry with the same id.
 */
function rawKey(name: string, labels: Record<string, string>): string {
  let key = `${name.length}:${name}`;
  for (const k in labels) {
    const v = labels[k]!;
    key += `|${k.length}:${k}${v.length}:${v}`;
  }
  return key;
}
