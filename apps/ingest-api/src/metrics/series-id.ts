import { createHash } from 'node:crypto';

/**
 * The canonical form of a series: its name and its label pairs sorted by key (JS string order),
 * as JSON. JSON escapes every quote, backslash and control character, so distinct label sets
 * never share a form, whatever characters they hold.
 */
export function canonicalSeries(name: string, labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort();
  return JSON.stringify([name, keys.map((k) => [k, labels[k]])]);
}

/**
 * Series id: the first 8 bytes of SHA-256 over the canonical form, as a decimal UInt64 string
 * (JSON numbers cannot carry 64 bits). Computed here, never in ClickHouse, so there is one
 * definition; a collision needs ~4 billion series for even odds.
 */
export function seriesId(name: string, labels: Record<string, string>): string {
  return createHash('sha256').update(canonicalSeries(name, labels)).digest().readBigUInt64BE(0).toString();
}
