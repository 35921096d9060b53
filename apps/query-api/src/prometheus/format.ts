import { formatPromFloat } from '@spanhouse/schema';

/**
 * A sample value as Prometheus 2.42 writes it in API answers (its JSON encoder of sample values):
 * Go's shortest digits, in exponent form below 1e-6 and from 1e21 in magnitude (two exponent
 * digits at least, `1e-07`), plain otherwise; NaN, +Inf, -Inf. JavaScript switches to an exponent
 * at the same bounds, so only the exponent's width differs. Labels made of floats (`le`,
 * `count_values`) are never in exponent form: formatPromFloat.
 */
export function formatValue(v: number): string {
  const abs = Math.abs(v);
  if (!(abs !== 0 && Number.isFinite(abs) && (abs < 1e-6 || abs >= 1e21))) return formatPromFloat(v);
  return String(v).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** A timestamp in ms as the API writes it: Unix seconds, at most three decimals. */
export const formatTime = (ms: number): number => ms / 1000;
