/**
 * The reference metrics data set: `hosts` x `regions` series of one metric,
 * `cpu{host="h0".."h99", region="r0".."r9"}`, each with `points` points every `intervalMs` from
 * `startMs`. A value is a pure function of (seed, series, point): a per-series level of 20..60,
 * a daily sine of amplitude 15, uniform noise of +-5 and rare spikes of +35 (one in 200, so p99
 * differs from max), clamped to [0, 100] and rounded to two decimals (exact in every text format).
 * Being a function of its indexes, any order of emission (series after series for a bulk import,
 * time step after time step for remote write and batches) carries the same points, and the
 * reference answers are computed without replaying a load.
 */
export type MetricsDataset = {
  metric: string;
  hosts: number;
  regions: number;
  points: number;
  intervalMs: number;
  startMs: number;
  seed: number;
};

/** The full set: 1000 series x 8640 points (24 h at 10 s) = 8.64 M points. */
export const REFERENCE_DATASET: MetricsDataset = {
  metric: 'cpu',
  hosts: 100,
  regions: 10,
  points: 8640,
  intervalMs: 10_000,
  startMs: Date.UTC(2026, 0, 1),
  seed: 42,
};

/** The smoke run's cut: the first hour of every series (1000 series x 360 points). */
export const SMOKE_DATASET: MetricsDataset = { ...REFERENCE_DATASET, points: 360 };

export const seriesCount = (ds: MetricsDataset) => ds.hosts * ds.regions;
export const totalPoints = (ds: MetricsDataset) => seriesCount(ds) * ds.points;
/** The end of the data set: one interval after its last point (exclusive). */
export const endMs = (ds: MetricsDataset) => ds.startMs + ds.points * ds.intervalMs;
export const pointMs = (ds: MetricsDataset, i: number) => ds.startMs + i * ds.intervalMs;

/** Series `s` (region-major: s = region * hosts + host) to its labels. */
export function seriesLabels(ds: MetricsDataset, s: number): { host: string; region: string } {
  return { host: `h${s % ds.hosts}`, region: `r${Math.floor(s / ds.hosts)}` };
}

/** A 32-bit integer hash with good avalanche (the "lowbias32" construction). */
function mix32(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from (seed, series, point, stream): counter-based, no state. */
export function uniform(seed: number, s: number, i: number, stream: number): number {
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(s + 1, 0x85ebca6b));
  h = mix32(h ^ Math.imul(i + 1, 0xc2b2ae35));
  h = mix32(h ^ Math.imul(stream + 1, 0x27d4eb2f));
  return h / 4294967296;
}

const DAY_MS = 86_400_000;

/** Values of the data set, with each series' level and phase worked out once. */
export function valuesOf(ds: MetricsDataset): (s: number, i: number) => number {
  const level: number[] = [];
  const phase: number[] = [];
  for (let s = 0; s < seriesCount(ds); s++) {
    level.push(20 + 40 * uniform(ds.seed, s, -1, 0));
    phase.push(2 * Math.PI * uniform(ds.seed, s, -1, 1));
  }
  return (s, i) => {
    const t = pointMs(ds, i);
    let v = level[s]! + 15 * Math.sin((2 * Math.PI * (t % DAY_MS)) / DAY_MS + phase[s]!);
    v += 10 * (uniform(ds.seed, s, i, 2) - 0.5);
    if (uniform(ds.seed, s, i, 3) < 0.005) v += 35;
    return Math.round(Math.min(100, Math.max(0, v)) * 100) / 100;
  };
}

/** ISO 8601 in UTC, without a millisecond part when it is zero (`2026-01-01T00:00:00Z`). */
export function isoSeconds(ms: number): string {
  const s = new Date(ms).toISOString();
  return s.endsWith('.000Z') ? `${s.slice(0, -5)}Z` : s;
}
