import type { DailyRecord } from '../api/types.ts';

export const NO_MODEL = '(no model)';

export type ModelTotals = {
  model: string;
  input: number;
  output: number;
  total: number;
  cost: number;
  observations: number;
};

export type UsageByModel = {
  /** Days ascending, as seconds since the epoch at 00:00 UTC (the chart's x axis). */
  xs: number[];
  days: string[];
  /** Models by total cost, most expensive first (ties by name). */
  models: string[];
  /** Per model (in `models` order), per day: cost in USD and total tokens; 0 where unused. */
  cost: number[][];
  tokens: number[][];
  totals: ModelTotals[];
};

const DAY_MS = 86_400_000;
/** Longest axis drawn, in days (the page reads at most 1,000 days). */
const MAX_DAYS = 1000;

/** Every UTC day from `first` to `last` (YYYY-MM-DD), both included, at most MAX_DAYS. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${first}T00:00:00Z`);
    t <= Date.parse(`${last}T00:00:00Z`) && out.length < MAX_DAYS;
    t += DAY_MS
  ) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * The daily endpoint's records turned into per-model series and totals for the usage page. The
 * axis has every day of the range (`from`/`to` as ISO times, else the records' own span), so a
 * day without traces shows as 0 rather than being skipped.
 */
export function usageByModel(
  records: readonly DailyRecord[],
  range: { from?: string; to?: string } = {},
): UsageByModel {
  const dates = records.map((r) => r.date).sort();
  const first = [range.from?.slice(0, 10), dates[0]].filter(Boolean).sort()[0];
  const last = [range.to?.slice(0, 10), dates.at(-1)].filter(Boolean).sort().at(-1);
  const days = first && last ? daysBetween(first, last) : [];
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const totals = new Map<string, ModelTotals>();
  const perDay = new Map<string, { cost: number[]; tokens: number[] }>();
  for (const r of records) {
    const i = dayIndex.get(r.date);
    if (i === undefined) continue;
    for (const u of r.usage) {
      const model = u.model ?? NO_MODEL;
      let t = totals.get(model);
      if (!t) {
        t = { model, input: 0, output: 0, total: 0, cost: 0, observations: 0 };
        totals.set(model, t);
        perDay.set(model, { cost: new Array(days.length).fill(0), tokens: new Array(days.length).fill(0) });
      }
      t.input += u.inputUsage;
      t.output += u.outputUsage;
      t.total += u.totalUsage;
      t.cost += u.totalCost;
      t.observations += u.countObservations;
      const d = perDay.get(model)!;
      d.cost[i]! += u.totalCost;
      d.tokens[i]! += u.totalUsage;
    }
  }
  const ordered = [...totals.values()].sort((a, b) => b.cost - a.cost || a.model.localeCompare(b.model));
  const models = ordered.map((t) => t.model);
  return {
    xs: days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000),
    days,
    models,
    cost: models.map((m) => perDay.get(m)!.cost),
    tokens: models.map((m) => perDay.get(m)!.tokens),
    totals: ordered,
  };
}
