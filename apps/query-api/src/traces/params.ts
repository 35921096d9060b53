import * as v from 'valibot';
import { List, One, Pagination, Time } from '../query-params.ts';
import { Filter, withFilter } from '../filter/param.ts';
import { TRACE_FILTER_COLUMNS } from '../filter/trace-columns.ts';
import { Search } from '../search/param.ts';

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
    search: v.optional(Search),
    orderBy: v.optional(OrderBy, 'timestamp.desc'),
    fields: v.optional(Fields),
    filter: v.optional(Filter(TRACE_FILTER_COLUMNS)),
  }),
  v.check((p) => boundsInOrder(p), BOUNDS_MESSAGE),
  // Langfuse's order: a filter condition replaces the simple parameter of the same field.
  v.transform(withFilter),
);
export type TraceListParams = v.InferOutput<typeof TraceListParams>;
