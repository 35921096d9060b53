import { IsoDateTime, isoToMicros } from '@spanhouse/schema';
import * as v from 'valibot';

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

export const Int = (name: string, min: number, max: number, dflt: number) =>
  v.optional(
    v.pipe(
      One(name),
      v.regex(/^\d+$/, `${name} must be an integer`),
      v.transform(Number),
      v.minValue(min, `${name} must be >= ${min}`),
      v.maxValue(max, `${name} must be <= ${max}`),
    ),
    String(dflt),
  );

/** Repeated keys and comma-separated values both work: tags=a&tags=b,c -> [a, b, c]. */
export const List = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.transform((x) =>
    (Array.isArray(x) ? x : [x])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  ),
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
    IsoDateTime,
    v.transform((s) => Math.min(Number.MAX_SAFE_INTEGER, Math.max(MIN_US, isoToMicros(s)!))),
  );

export const ORDER_FIELDS = [
  'timestamp',
  'latency',
  'totalCost',
  'name',
  'userId',
  'sessionId',
  'release',
  'version',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export const FIELD_GROUPS = ['core', 'io', 'scores', 'observations', 'metrics'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

const OrderBy = v.pipe(
  One('orderBy'),
  v.regex(/^[A-Za-z]+\.(asc|desc)$/i, 'orderBy must look like <field>.<asc|desc>'),
  v.check(
    (s) => (ORDER_FIELDS as readonly string[]).includes(s.split('.')[0]!),
    `orderBy field must be one of ${ORDER_FIELDS.join(', ')}`,
  ),
  v.transform((s) => {
    const [field, dir] = s.split('.');
    return { field: field as OrderField, desc: dir!.toLowerCase() === 'desc' };
  }),
);

const Fields = v.pipe(
  One('fields'),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.check(
    (xs) => xs.every((x) => (FIELD_GROUPS as readonly string[]).includes(x)),
    `fields may only name ${FIELD_GROUPS.join(', ')}`,
  ),
  v.transform((xs) => new Set(xs as FieldGroup[])),
);

/** page and limit: 1-based pages of 1 to 200 items, 50 by default. */
export const Pagination = {
  page: Int('page', 1, 1_000_000, 1),
  limit: Int('limit', 1, 200, 50),
};

/** The trace filters the trace list and the daily usage share. */
export const TraceFilterParams = {
  userId: v.optional(One('userId')),
  sessionId: v.optional(One('sessionId')),
  version: v.optional(One('version')),
  release: v.optional(One('release')),
  tags: v.optional(List),
  environment: v.optional(List),
  fromTimestamp: v.optional(Time('fromTimestamp')),
  toTimestamp: v.optional(Time('toTimestamp')),
};

/** Whether the time bounds of a trace filter are in order. */
export const boundsInOrder = (p: { fromTimestamp?: number; toTimestamp?: number }) =>
  p.fromTimestamp === undefined || p.toTimestamp === undefined || p.fromTimestamp <= p.toTimestamp;
export const BOUNDS_MESSAGE = 'fromTimestamp must not be after toTimestamp';

/** GET /api/public/traces (docs/api.md). */
export const TraceListParams = v.pipe(
  v.object({
    ...Pagination,
    ...TraceFilterParams,
    name: v.optional(One('name')),
    orderBy: v.optional(OrderBy, 'timestamp.desc'),
    fields: v.optional(Fields),
  }),
  v.check((p) => boundsInOrder(p), BOUNDS_MESSAGE),
);
export type TraceListParams = v.InferOutput<typeof TraceListParams>;

/** The filter the trace list and the daily usage apply to traces. */
export type TraceFilter = {
  userId?: string;
  name?: string;
  sessionId?: string;
  version?: string;
  release?: string;
  tags?: string[];
  environment?: string[];
  fromTimestamp?: number;
  toTimestamp?: number;
};
