import type { Db } from '@spanhouse/db';
import type { DailyResponse } from '@spanhouse/schema';
import type { TraceFilter } from '@spanhouse/store';
import { roundCostSum } from '../cost-sum.ts';
import { computeDays } from './compute-days.ts';
import type { DailyDayCache, DayResult } from './day-cache.ts';
import { daysTouchedBy, readDayWrites } from './day-writes.ts';
import type { DailyParams } from './params.ts';

const DAY_US = 86_400_000_000;
/** Past the last day a ClickHouse Date holds (2149-06-06), toDate wraps around; before 1970 too. */
const DATE_END_US = Date.UTC(2149, 5, 7) * 1000;

const isoDate = (us: number) => new Date(Math.floor(us / 1000)).toISOString().slice(0, 10);
const dayStartUs = (date: string) => Date.parse(`${date}T00:00:00Z`) * 1000;

/**
 * Usage and cost per UTC day of the trace timestamp, newest first, with a record per model
 * (docs/api.md). The days come from the per-date write counts, read first; each day's answer is
 * the cache's where no write since can have changed it, else computed (`computeDays`) for all the
 * missing days in one read and stored (see DailyDayCache for why this is exact).
 */
export async function dailyUsage(
  db: Db,
  project: string,
  q: DailyParams,
  opts: { cache?: DailyDayCache; signal?: AbortSignal } = {},
): Promise<DailyResponse> {
  const { cache, signal } = opts;
  const filter: TraceFilter = { ...q, name: q.traceName };
  const writes = await readDayWrites(db, project, signal);
  const range = dayRange(q);
  const dates = [...writes.byDate.keys()]
    .filter((d) => !range || (d >= range.from && d <= range.to))
    .sort()
    .reverse();
  const generation = cache
    ? await cache.advance(project, writes, (d) => daysTouchedBy(db, project, d, signal))
    : undefined;

  const results = new Map<string, DayResult>();
  const missing: string[] = [];
  for (const date of dates) {
    const hit =
      generation === undefined ? undefined : cache?.get(project, date, dayFilterKey(q, date, range), generation);
    if (hit) results.set(date, hit);
    else missing.push(date);
  }
  if (missing.length > 0) {
    const computed = await computeDays(db, project, filter, missing, signal);
    for (const date of missing) {
      const day = computed.get(date) ?? { traces: 0, usage: [] };
      results.set(date, day);
      if (generation !== undefined) cache?.set(project, date, dayFilterKey(q, date, range), generation, day);
    }
  }

  // Each date's own day, and the later days that share its slot (DayResult.later), newest first.
  const days = dates
    .flatMap((date) => {
      const slot = results.get(date)!;
      return [{ date, traces: slot.traces, usage: slot.usage }, ...(slot.later ?? [])];
    })
    .filter((d) => d.traces > 0)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const total = days.length;
  const offset = (q.page - 1) * q.limit;
  return {
    data: days.slice(offset, offset + q.limit).map(({ date, traces, usage }) => {
      return {
        date,
        countTraces: traces,
        countObservations: usage.reduce((n, u) => n + u.countObservations, 0),
        totalCost: roundCostSum(usage.reduce((n, u) => n + u.totalCost, 0)),
        usage: usage.map((u) => ({ ...u, totalCost: roundCostSum(u.totalCost) })),
      };
    }),
    meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
  };
}

/**
 * The dates a bounded request can have traces on, when both bounds lie where toDate is monotonic
 * (1970-01-01 to 2149-06-06). Otherwise undefined: a timestamp outside those years has a wrapped
 * date, so every written date is a candidate.
 */
function dayRange(q: DailyParams): { from: string; to: string } | undefined {
  const { fromTimestamp: from, toTimestamp: to } = q;
  if (from === undefined || to === undefined || from < 0 || to >= DATE_END_US) return undefined;
  return { from: isoDate(from), to: isoDate(to) };
}

/**
 * The cache key of one day of a request: its filters with the time bounds that cut into that day
 * (a bound outside the day changes nothing in it), so a sliding window shares its inner days.
 * Without a day range the bounds are kept whole (a date may hold wrapped timestamps).
 */
function dayFilterKey(q: DailyParams, date: string, range: { from: string; to: string } | undefined): string {
  const { page: _page, limit: _limit, fromTimestamp, toTimestamp, ...filters } = q;
  let from = fromTimestamp;
  let to = toTimestamp;
  if (range) {
    const start = dayStartUs(date);
    if (from !== undefined && from <= start) from = undefined;
    // toTimestamp is exclusive at the millisecond: from the next day's start on, it keeps all of this one.
    if (to !== undefined && to >= start + DAY_US) to = undefined;
  }
  return JSON.stringify([filters, from, to]);
}
