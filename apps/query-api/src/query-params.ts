import { isoToMicros, QueryIsoDateTime, scanList } from '@spanhouse/schema';
import * as v from 'valibot';

/*
 * The parameter kit of every query endpoint: valibot pieces for query-string values (given once,
 * from a list, integers, comma lists, ISO times) and the page/limit pair. Each refusal names the
 * parameter, as every 400 does.
 */

/** A query parameter given once (a repeated key arrives as an array and is refused). */
export const One = (name: string) =>
  v.pipe(
    v.union([v.string(), v.array(v.string())]),
    v.check((x) => typeof x === 'string', `${name} must be given once`),
    v.transform((x) => x as string),
  );

/** A query parameter given once whose value is one of `options`. */
export const OneOf = <const T extends readonly string[]>(name: string, options: T, separator = ', ') =>
  v.pipe(One(name), v.picklist(options, `${name} must be one of ${options.join(separator)}`));

/**
 * An integer parameter from `min` to `max`, `dflt` when absent or empty: Langfuse's pagination reads
 * `page=` and `limit=` as not given, and scripts that fill a URL template send them so.
 */
export const Int = (name: string, min: number, max: number, dflt: number) =>
  v.pipe(
    v.optional(One(name), ''),
    v.transform((s) => (s === '' ? String(dflt) : s)),
    // A sign is read, so that -1 is refused as below the minimum, which it is, not as no integer.
    v.regex(/^-?\d+$/, `${name} must be an integer`),
    v.transform(Number),
    v.minValue(min, `${name} must be >= ${min}`),
    v.maxValue(max, `${name} must be <= ${max}`),
  );

/**
 * Repeated keys and comma-separated values both work: tags=a&tags=b,c -> [a, b, c]. The pieces of a
 * comma list are trimmed (`a, b`), and a piece in double quotes is taken as written, so a value
 * holding a comma can be named: `tags="eu, west",beta` -> [eu, west; beta] (the list syntax of
 * the web UI's filter boxes, scanList; a quote left open is a 400). A value without a comma is
 * taken exactly as given, quotes included, since a tag (or an environment) is stored as sent,
 * surrounding spaces included, and must be findable by itself. Blank values name nothing.
 */
export const List = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const values: string[] = [];
    for (const text of Array.isArray(dataset.value) ? dataset.value : [dataset.value]) {
      if (!text.includes(',')) {
        if (text.trim() !== '') values.push(text);
        continue;
      }
      const list = scanList(text);
      if (list.error !== undefined) {
        addIssue({ message: `${list.error}; write a value holding a comma as "a, b" and a quote in it as ""` });
        return NEVER;
      }
      values.push(...list.values);
    }
    return values;
  }),
);

/**
 * Bounds are clamped to what storage and a float64 can hold (DateTime64(6) starts at 1900; past
 * 2^53 microseconds, in 2255, a number loses precision): a bound beyond every storable time
 * means the same as that edge, and must not fail the query.
 */
const MIN_US = Date.UTC(1900, 0, 1) * 1000;
export const Time = (name: string) =>
  v.pipe(
    One(name),
    QueryIsoDateTime,
    v.transform((s) => Math.min(Number.MAX_SAFE_INTEGER, Math.max(MIN_US, isoToMicros(s)!))),
  );

/** page and limit: 1-based pages of 1 to 200 items, 50 by default. */
export const Pagination = {
  page: Int('page', 1, 1_000_000, 1),
  limit: Int('limit', 1, 200, 50),
};
