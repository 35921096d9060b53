import fc from 'fast-check';
import { hostileString, SQL_FRAGMENTS } from './hostile.ts';

// Hostile query parameters for the query endpoints' fuzz test: parameter sets that are mostly
// valid with a few hostile values, and their query strings (with raw damage).

export const isFragment = (v: unknown) => typeof v === 'string' && SQL_FRAGMENTS.includes(v);
export const valuesOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * A parameter set: each parameter absent or valid, then one to three of them replaced by hostile
 * values (sometimes repeated, as array parameters are). Mostly-valid sets let hostile filter
 * values reach the SQL-building code instead of stopping at the first invalid parameter.
 */
export function paramSet(valid: Record<string, string[]>, filters: string[] = []): fc.Arbitrary<Params> {
  const keys = Object.keys(valid);
  // Hostile values go to the string filters two times in three: those reach the SQL.
  const badKeys = filters.length
    ? fc.oneof(
        { weight: 2, arbitrary: fc.subarray(filters, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.subarray(keys, { minLength: 1, maxLength: 3 }) },
      )
    : fc.subarray(keys, { minLength: 1, maxLength: 3 });
  const base = fc.record(
    Object.fromEntries(keys.map((k) => [k, fc.option(fc.constantFrom(...valid[k]!), { nil: undefined })])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Params>;
  const hostile = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
  );
  return fc.tuple(base, badKeys, fc.array(hostile, { minLength: 3, maxLength: 3 })).map(([b, bad, values]) => {
    const out: Params = { ...b };
    bad.forEach((k, i) => {
      out[k] = values[i];
    });
    return out;
  });
}

export type Params = Record<string, string | string[] | undefined>;

/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) UTF-8 bytes. */
export function enc(s: string): string {
  let out = '';
  for (const ch of s) {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff) {
      out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function queryString(params: Params, extra: string): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    for (const one of valuesOf(v)) parts.push(`${enc(k)}=${enc(one)}`);
  }
  return parts.join('&') + extra;
}

/** Raw query-string damage: broken percent-encoding, unknown keys, stray separators. */
export const extraRaw = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('&%zz=1', '&=', '&&&', '&a%00b=c', '&limit', '&page=%', '&%E0%A4%A=x') },
  { weight: 1, arbitrary: hostileString.map((k) => `&${enc(k)}=${enc(k)}`) },
);
