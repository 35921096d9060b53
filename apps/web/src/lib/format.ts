/** Display formats shared by every page. Pure; the tests pin them. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Seconds (the API's unit) as "850 ms", "1.25 s", "2m 05s", "1h 02m". Negative: not measured. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || seconds < 0 || !Number.isFinite(seconds)) return '–';
  // Each unit up to the value that would round to the next one (999.6 ms is "1.00 s", not "1000 ms").
  if (seconds < 0.9995) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 59.95) return `${seconds.toFixed(seconds < 9.995 ? 2 : 1)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Two significant digits, in plain decimals however small (never "1.2e-7"). */
const fraction = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

/**
 * USD with enough digits to tell small costs apart: "$0", "$0.00000012", "$0.000042", "$0.0123",
 * "$12.50", "$1,234.57".
 */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || usd < 0 || !Number.isFinite(usd)) return '–';
  if (usd === 0) return '$0';
  if (usd >= 0.99995) return `$${cents.format(usd)}`;
  if (usd >= 0.01) return `$${usd.toFixed(4)}`;
  return `$${fraction.format(usd)}`;
}

/** Exact counts with separators: "1,234,567". */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || n < 0 || !Number.isFinite(n)) return '–';
  return integer.format(n);
}

/** A count with its noun, singular for one: "1 trace", "1,234 traces" (the plural adds an s). */
export function counted(n: number, noun: string): string {
  return `${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;
}

/** Short counts for dense columns: "950", "12.3K", "4.5M". */
export function formatCompact(n: number | null | undefined): string {
  if (n === null || n === undefined || n < 0 || !Number.isFinite(n)) return '–';
  return compact.format(n);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An ISO time in the browser's time zone, "2026-03-01 10:00:05"; milliseconds on request. */
export function formatTime(iso: string | null | undefined, opts: { ms?: boolean } = {}): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date} ${time}${opts.ms ? `.${pad(d.getMilliseconds(), 3)}` : ''}`;
}

/** A value on one line, cut to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * An id as a heading shows it: as itself, or quoted when it is empty or starts or ends with white
 * space, so a page of the session " " does not read as naming nothing (the API's messages quote
 * such ids the same way).
 */
export function shownId(id: string): string {
  return id === '' || id.trim() !== id ? JSON.stringify(id) : id;
}
