import type { MetricSeries } from '../api/types.ts';

/**
 * Colours of chart lines, in order; readable on the light and the dark background alike
 * (mid-lightness hues). A chart with more series than colours repeats them.
 */
export const PALETTE = [
  '#3b82f6',
  '#f97316',
  '#10b981',
  '#e11d48',
  '#8b5cf6',
  '#eab308',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#a16207',
  '#64748b',
  '#14b8a6',
] as const;

export const colorAt = (i: number) => PALETTE[i % PALETTE.length]!;

/**
 * Prometheus-style name of a series: `{region="eu", host="a"}`; `{}` when it has no labels. Values
 * are escaped as Prometheus writes them (`\\`, `\"`, `\n`), so a value holding `", b="` reads as
 * one label, not two.
 */
export function seriesLabel(labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((k) => `${k}="${escapeLabelValue(labels[k]!)}"`).join(', ')}}`;
}

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export type Aligned = { xs: number[]; ys: (number | null)[][] };

/**
 * Series with their own timestamps on one shared x axis (seconds since the epoch, as the chart
 * wants): the sorted union of every series' times, and each series' value at each (null where it
 * has no point, drawn as a gap).
 */
export function alignSeries(series: readonly Pick<MetricSeries, 'values'>[]): Aligned {
  const times = new Set<number>();
  for (const s of series) for (const p of s.values) times.add(Date.parse(p.timestamp) / 1000);
  const xs = [...times].filter(Number.isFinite).sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = series.map((s) => {
    const row: (number | null)[] = new Array(xs.length).fill(null);
    for (const p of s.values) {
      const i = index.get(Date.parse(p.timestamp) / 1000);
      if (i !== undefined) row[i] = p.value;
    }
    return row;
  });
  return { xs, ys };
}

export type SeriesSummary = {
  points: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  last: number | null;
};

/** The numbers table's row of one series. */
export function summarize(values: readonly (number | null)[]): SeriesSummary {
  let points = 0;
  let sum = 0;
  let min: number | null = null;
  let max: number | null = null;
  let last: number | null = null;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    points++;
    sum += v;
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
    last = v;
  }
  return { points, min, max, mean: points ? sum / points : null, last };
}
