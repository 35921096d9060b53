import type { DailyRecord } from '@spanhouse/schema';
import { LRUCache } from 'lru-cache';
import type { DayWrites } from './day-writes.ts';

/** One day of the daily report for one filter: its matching traces (0 for none) and their usage per model. */
export type DayResult = { traces: number; usage: DailyRecord['usage'] };

type Entry = { day: DayResult; bytes: number };

/**
 * The daily report's answers per (filter, UTC day), reused while no write can have changed them.
 *
 * Validity is the database's, not this process's, so it holds in server mode with other writers:
 * each request reads the per-date write counts (`DayWrites`, clickhouse/0011) BEFORE it computes
 * anything and hands them to `advance`, which compares them with the counts the cached days were
 * computed under and drops the days the new writes can have changed (`touched`). A day computed
 * from a read that started after those counts is stored under them: a write the read saw beyond
 * them shows in the next counts and drops the day again, so a day can be recomputed needlessly,
 * never served stale. Answers computed under counts that another request has since advanced past
 * are not stored. Bounded in bytes (least recently used first).
 */
export class DailyDayCache {
  private readonly days: LRUCache<string, Entry>;
  private writes: DayWrites = { byDate: new Map(), total: 0 };
  private generation = 0;

  constructor(readonly maxBytes = 16 * 1024 * 1024) {
    this.days = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => e.bytes });
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.days.size, bytes: this.days.calculatedSize };
  }

  /**
   * Moves the cache to `current` counts, dropping every cached day that a piece written since can
   * change (`touched` names them from the dates whose counts changed). Returns the generation to
   * store answers under, or undefined when `current` is older than the cache's counts or another
   * request moved them meanwhile (then nothing from this request is read from or stored in it).
   */
  async advance(current: DayWrites, touched: (dates: string[]) => Promise<string[]>): Promise<number | undefined> {
    if (current.total < this.writes.total) return undefined;
    // Each count only grows, so equal totals mean equal counts.
    if (current.total === this.writes.total) return this.generation;
    const from = this.generation;
    if (this.days.size > 0) {
      const changed = [...current.byDate].filter(([d, n]) => this.writes.byDate.get(d) !== n).map(([d]) => d);
      const drop = new Set(await touched(changed));
      if (this.generation !== from) return undefined;
      for (const key of [...this.days.keys()]) if (drop.has(dayOf(key))) this.days.delete(key);
    }
    this.writes = current;
    return ++this.generation;
  }

  get(date: string, filterKey: string, generation: number): DayResult | undefined {
    return generation === this.generation ? this.days.get(keyOf(date, filterKey))?.day : undefined;
  }

  set(date: string, filterKey: string, generation: number, day: DayResult): void {
    if (generation !== this.generation) return;
    const key = keyOf(date, filterKey);
    this.days.set(key, { day, bytes: sizeOf(key, day) });
  }
}

const keyOf = (date: string, filterKey: string) => `${date}\n${filterKey}`;
const dayOf = (key: string) => key.slice(0, key.indexOf('\n'));

/** Approximate memory of an entry: its key twice (string and map), 96 bytes per model record plus its name. */
function sizeOf(key: string, day: DayResult): number {
  let bytes = 64 + 2 * key.length;
  for (const u of day.usage) bytes += 96 + 2 * (u.model?.length ?? 0);
  return bytes;
}
