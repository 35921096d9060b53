/**
 * The reference metrics data set of the benchmarks, generated here: `cpu{host="h0".."h99",
 * region="r0".."r9"}`, 1000 series (every host in every region), 8640 points at 10 s from
 * 2026-01-01T00:00:00Z (24 h). Values: a per-series level 20..60, a daily sine (amplitude 15),
 * noise of ±5 and rare spikes (+35), clamped to [0, 100] and rounded to 2 decimals; every value
 * is a pure function of (series, index), so any slice can be made again.
 */
export type DataSet = { hosts: number; regions: number; points: number; intervalMs: number; startMs: number };

export const REFERENCE: DataSet = {
  hosts: 100,
  regions: 10,
  points: 8640,
  intervalMs: 10_000,
  startMs: Date.UTC(2026, 0, 1),
};
/** Smoke: the same series over one hour. */
export const SMOKE: DataSet = { ...REFERENCE, points: 360 };

export const seriesCount = (d: DataSet) => d.hosts * d.regions;
export const labelsOf = (d: DataSet, s: number) => ({
  __name__: 'cpu',
  host: `h${Math.floor(s / d.regions)}`,
  region: `r${s % d.regions}`,
});

/** A 32-bit hash of two integers (splitmix-style), as a fraction in [0, 1). */
function unit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

export function pointValue(d: DataSet, s: number, i: number): number {
  const level = 20 + 40 * unit(s, -1);
  const t = (i * d.intervalMs) / 86_400_000;
  let v = level + 15 * Math.sin(2 * Math.PI * (t + unit(s, -2))) + (unit(s, i) - 0.5) * 10;
  if (unit(i, s) < 0.005) v += 35;
  return Math.round(Math.min(100, Math.max(0, v)) * 100) / 100;
}

export const timeOf = (d: DataSet, i: number) => d.startMs + i * d.intervalMs;
