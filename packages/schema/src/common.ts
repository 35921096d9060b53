import * as v from 'valibot';
import { isoToMicros } from './time.ts';

/**
 * ISO 8601 date-time that names its zone (`Z` or `±hh:mm`) and a real calendar day and time of
 * day: `2026-02-30` is refused, never rolled over into March. A time without a zone is ambiguous
 * (server-local? UTC?), so it is refused rather than guessed. Fractions up to nanoseconds are
 * accepted; storage keeps microseconds. The one rule for every time field (isoToMicros).
 */
export const IsoDateTime = v.pipe(
  v.string(),
  v.check((s) => isoToMicros(s) !== null, 'must be an ISO 8601 date-time with a time zone (Z or an offset)'),
);

/**
 * Free-form key/value object (JSON object, not an array or null), passed on as given: every key
 * is the client's, "__proto__" and "constructor" included (a record schema would leave those out).
 */
export const JsonObject = v.custom<Record<string, unknown>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
  'must be a JSON object',
);

export const PaginationMeta = v.object({
  page: v.pipe(v.number(), v.integer()),
  limit: v.pipe(v.number(), v.integer()),
  totalItems: v.pipe(v.number(), v.integer()),
  totalPages: v.pipe(v.number(), v.integer()),
});
export type PaginationMeta = v.InferOutput<typeof PaginationMeta>;

export const Integer = v.pipe(v.number(), v.integer());
