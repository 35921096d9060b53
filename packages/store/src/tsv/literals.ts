import { quoted } from './fields.ts';

/*
 * ClickHouse literal syntax for composite fields of a TabSeparated line (maps, arrays, tuples),
 * strings inside them single-quoted; the quoting escapes tab and newline too, so a composite field
 * never holds a raw separator.
 */

/** A number: the shortest text that reads back as the same double. */
export const num = (n: number) => String(n);

/** A Map(String, ...) literal, each value written by `value`. */
export function mapText<V>(map: Record<string, V>, value: (v: V) => string): string {
  let out = '{';
  let first = true;
  for (const key in map) {
    out += `${first ? '' : ','}${quoted(key)}:${value(map[key]!)}`;
    first = false;
  }
  return `${out}}`;
}

/** A Map(String, number) literal. */
export const numberMap = (map: Record<string, number>) => mapText(map, num);

/** An Array(String) literal. */
export function stringArray(items: readonly string[]): string {
  if (items.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ',') + quoted(items[i]!);
  return `${out}]`;
}
