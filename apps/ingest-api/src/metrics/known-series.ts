import { seriesId } from './series-id.ts';

export type SeriesEntry = {
  id: string;
  stored: boolean;
  /** The mark of the last request that counted this series against its limits (BatchLimits); 0 for none. */
  countedBy: number;
};

/** A step of the lookup path: the next label key (then its value) leads to the next node. */
type Node = { next: Map<string, Node>; entry: SeriesEntry | undefined };

const node = (): Node => ({ next: new Map(), entry: undefined });
/** What a trie node or map entry costs besides its string, roughly (a Map and its slot). */
const NODE_BYTES = 160;

/**
 * Series seen by this process: a series as sent (project, name, then its label keys and values in
 * the client's order) to its id, and whether its series row is known to be durable. Points of a
 * known series skip the sort and the hash, and its series row is written once rather than with
 * every batch. Bounded in entries and in bytes (label sets run to 64 labels of 1,024 characters):
 * past either it starts over, which only costs re-sending some series rows (the series table
 * collapses duplicates).
 *
 * The lookup walks a trie (project, name, key, value, key, value, ...) of Maps instead of building a key
 * string per point: no string is built or hashed twice on the hot path. The
 * path is injective, so two different series never share an entry; the same series sent with
 * its labels in another order gets a second entry with the same id.
 */
export class KnownSeries {
  /** project -> name -> the label path. */
  private root = new Map<string, Map<string, Node>>();
  private entries = 0;
  /** Approximate bytes the trie holds (its strings, UTF-16, and a fixed cost per node). */
  private bytes = 0;
  /** `project \n name` -> labels as raw JSON text -> entry, for the body scanner (scan.ts). */
  private raw = new Map<string, Map<string, SeriesEntry>>();
  private rawEntries = 0;
  private rawBytes = 0;

  constructor(
    private readonly maxEntries = 1_000_000,
    /** Bytes each of the two lookups may hold. */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** Approximate bytes held, both lookups together. */
  get heldBytes(): number {
    return this.bytes + this.rawBytes;
  }

  /** The entry of a project's series, created (not yet stored) on first sight. */
  lookup(project: string, name: string, labels: Record<string, string>): SeriesEntry {
    if (this.bytes > this.maxBytes || this.entries >= this.maxEntries) this.clearTrie();
    let names = this.root.get(project);
    if (!names) {
      names = new Map();
      this.root.set(project, names);
      this.bytes += NODE_BYTES + 2 * project.length;
    }
    let at: Node | undefined = names.get(name);
    if (!at) {
      at = node();
      names.set(name, at);
      this.bytes += NODE_BYTES + 2 * name.length;
    }
    for (const k in labels) {
      let byKey: Node | undefined = at.next.get(k);
      if (!byKey) {
        byKey = node();
        at.next.set(k, byKey);
        this.bytes += NODE_BYTES + 2 * k.length;
      }
      const v = labels[k]!;
      let byValue: Node | undefined = byKey.next.get(v);
      if (!byValue) {
        byValue = node();
        byKey.next.set(v, byValue);
        this.bytes += NODE_BYTES + 2 * v.length;
      }
      at = byValue;
    }
    if (!at.entry) {
      at.entry = { id: seriesId(project, name, labels), stored: false, countedBy: 0 };
      this.entries++;
    }
    return at.entry;
  }

  /** The entry remembered for a series as raw text (labels exactly as the client wrote them). */
  lookupRaw(project: string, name: string, labelsText: string): SeriesEntry | undefined {
    return this.raw.get(`${project}\n${name}`)?.get(labelsText);
  }

  /** Remembers `entry` for the raw text; bounded like the trie. */
  rememberRaw(project: string, name: string, labelsText: string, entry: SeriesEntry): void {
    // A project id holds no newline (it comes from the key ring): the pair is one key.
    const key = `${project}\n${name}`;
    if (this.rawEntries >= this.maxEntries || this.rawBytes > this.maxBytes) {
      this.raw = new Map();
      this.rawEntries = 0;
      this.rawBytes = 0;
    }
    let byText = this.raw.get(key);
    if (!byText) {
      byText = new Map();
      this.raw.set(key, byText);
    }
    byText.set(labelsText, entry);
    this.rawEntries++;
    this.rawBytes += NODE_BYTES + 2 * labelsText.length;
  }

  private clearTrie(): void {
    this.root = new Map();
    this.entries = 0;
    this.bytes = 0;
  }

  get size(): number {
    return this.entries;
  }
}
