import type { DailyRecord } from '@spanhouse/schema';
import { LRUCache } from 'lru-cache';
import type { DayWrites } from './day-writes.ts';

/**
 * One day of the daily report for one filter: its matching traces (0 for none) and their usage per
 * model. `later`: the days from 2149-06-07 on that share its date's slot (a ClickHouse Date wraps
 * there; compute-days.ts), each with its own date, oldest first.
 */
export type DayResult = {
  traces: number;
  usage: DailyRecord['usage'];
  later?: { date: string; traces: number; usage: DailyRecord['usage'] }[];
};

type Entry = { day: DayResult; bytes: number };

/**
 * The daily report's answers per (project, filter, UTC day), reused while no write can have changed
 * them.
 *
 * Validity is the database's, not this process's, so it holds in server mode with other writers:
 * each request reads its project's per-date write counts (`DayWrites`, clickhouse/0011) BEFORE it
 * computes anything and hands them to `advance`, which compares them with the counts the project's
 * cached days were computed under and drops the days the new writes can have changed (`touched`).
 * A day computed from a read that started after those counts is stored under them: a write the
 * read saw beyond them shows in the next counts and drops the day again, so a day can be
 * recomputed needlessly, never served stale. Answers computed under counts that another request
 * has since advanced past are not stored. Each project has its own counts and generations; all
 * share one bound in bytes (least recently used first).
 */
export class DailyDayCache {
  private readonly days: LRUCache<string, Entry>;
  private readonly projects = new Map<string, { writes: DayWrites; generation: number }>();

  constructor(readonly maxBytes = 16 * 1024 * 1024) {
    this.days = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => e.bytes });
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.days.size, bytes: this.days.calculatedSize };
  }

  /**
   * Moves the project's cache to `current` counts, dropping every cached day of the project that
   * a piece written since can change (`touched` names them from the dates whose counts changed).
   * Returns the generation to store answers under, or undefined when `current` is older than the
   * cache's counts or another request moved them meanwhile (then nothing from this request is read
   * from or stored in it).
   */
  async advance(
    project: string,
    current: DayWrites,
    touched: (dates: string[]) => Promise<string[]>,
  ): Promise<number | undefined> {
    const state = this.stateOf(project);
    if (current.total < state.writes.total) return undefined;
    // Each count only grows, so equal totals mean equal counts.
    if (current.total === state.writes.total) return state.generation;
    const from = state.generation;
    const prefix = `${project}\n`;
    const keys = [...this.days.keys()].filter((k) => k.startsWith(prefix));
    if (keys.length > 0) {
      const changed = [...current.byDate].filter(([d, n]) => state.writes.byDate.get(d) !== n).map(([d]) => d);
      const drop = new Set(await touched(changed));
      if (state.generation !== from) return undefined;
      for (const key of keys) if (drop.has(dayOf(key))) this.days.delete(key);
    }
    state.writes = current;
    return ++state.generation;
  }

  get(project: string, date: string, filterKey: string, generation: number): DayResult | undefined {
    return generation === this.stateOf(project).generation
      ? this.days.get(keyOf(project, date, filterKey))?.day
      : undefined;
  }

  set(project: string, date: string, filterKey: string, generation: number, day: DayResult): void {
    if (generation !== this.stateOf(project).generation) return;
    const key = keyOf(project, date, filterKey);
    this.days.set(key, { day, bytes: sizeOf(key, day) });
  }

  private stateOf(project: string) {
    let state = this.projects.get(project);
    if (!state) {
      state = { writes: { byDate: new Map(), total: 0 }, generation: 0 };
      this.projects.set(project, state);
    }
    return state;
  }
}

/** `project \n date \n filter`: a project id holds no newline (it comes from the key ring). */
const keyOf = (project: string, date: string, filterKey: string) => `${project}\n${date}\n${filterKey}`;
const dayOf = (key: string) => key.split('\n', 2)[1]!;

/** Approximate memory of an entry: its key twice (string and map), 96 bytes per model record plus its name. */
function sizeOf(key: string, day: DayResult): number {
  let bytes = 64 + 2 * key.length;
  for (const d of [day, ...(day.later ?? [])]) {
    bytes += 64;
    for (const u of d.usage) bytes += 96 + 2 * (u.model?.length ?? 0);
  }
  return bytes;
}
