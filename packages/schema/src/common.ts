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
 * IsoDateTime as a query-string value. An offset's `+` written unencoded in a URL
 * (`from=2026-02-01T01:00:00+01:00`, as curl and a browser's address bar send it) arrives as a
 * space, since a query string decodes `+` to one; a space between the time and `hh:mm` can mean
 * nothing else, so it is read as the `+` it was. The output is the time with its `+`.
 */
export const QueryIsoDateTime = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/(\d) (\d{2}:?\d{2})$/, '$1+$2')),
  IsoDateTime,
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

/**
 * The longest id of a trace, observation or score: Langfuse's (its ingestion API takes ids of up
 * to 800 characters, and integrations such as LiteLLM's send long ones).
 */
export const ENTITY_ID_MAX_LENGTH = 800;
