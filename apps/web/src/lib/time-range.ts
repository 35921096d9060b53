/**
 * Time ranges as the pages keep them in the URL: a quick range relative to now ("24h"), "all",
 * or "custom" with explicit bounds. Resolved to ISO bounds only when a request is made, so a
 * shared link to "last hour" means the last hour of whoever opens it.
 */
export const QUICK_RANGES = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 24 * 3_600_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
} as const;
export type QuickRange = keyof typeof QUICK_RANGES;
export type RangeKey = QuickRange | 'all' | 'custom';
export const RANGE_KEYS: readonly RangeKey[] = [...(Object.keys(QUICK_RANGES) as QuickRange[]), 'all', 'custom'];

export const RANGE_LABELS: Record<RangeKey, string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
  custom: 'Custom',
};

export type TimeRange = { range: RangeKey; from?: string; to?: string };

/** ISO bounds for a request; absent bounds are open. */
export function resolveRange(r: TimeRange, nowMs: number): { from?: string; to?: string } {
  if (r.range === 'all') return {};
  if (r.range === 'custom') return { from: requestBound(r.from), to: requestBound(r.to) };
  return { from: new Date(nowMs - QUICK_RANGES[r.range]).toISOString(), to: new Date(nowMs).toISOString() };
}

/**
 * A custom bound as ISO UTC when it parses; otherwise as the URL has it (a link edited by hand),
 * so the API refuses it by name and the page says so, instead of dropping the bound and showing
 * every time as if the link asked for that.
 */
function requestBound(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? s : new Date(t).toISOString();
}

/** An ISO time as the value of an <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The value of a datetime-local input (local time) as ISO UTC; '' stays undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}
