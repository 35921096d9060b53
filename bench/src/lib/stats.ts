/** Nearest-rank percentile (p in [0, 100]) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

/** A number for a table: 3 significant digits, thousands separated. */
export function fmt(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (Math.abs(x) >= 10 ** digits) return Math.round(x).toLocaleString('en-US');
  return Number(x.toPrecision(digits)).toString();
}

export const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MiB`;
