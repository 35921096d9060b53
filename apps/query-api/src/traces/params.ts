import * as v from 'valibot';
import { Filter, withFilter } from '../filter/param.ts';
import { TRACE_FILTER_COLUMNS } from '../filter/trace-columns.ts';
import { List, One, Pagination, Time } from '../query-params.ts';
import { Search } from '../search/param.ts';

export const ORDER_FIELDS = [
  'id',
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

/** Langfuse's order fields that spanhouse has no stored value for, refused by name. */
const UNSTORED_ORDER_FIELDS = new Map([
  ['public', 'orderBy public is not supported: traces are never public here'],
  ['bookmarked', 'orderBy bookmarked is not supported: there are no bookmarks here'],
]);

const DEFAULT_ORDER = 'timestamp.desc';

/** `orderBy=<field>.<asc|desc>`; empty is the default order, as Langfuse reads it. */
const OrderBy = v.pipe(
  One('orderBy'),
  v.transform((s) => (s === '' ? DEFAULT_ORDER : s)),
  v.regex(/^[A-Za-z]+\.(asc|desc)$/i, 'orderBy must look like <field>.<asc|desc>'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const field = dataset.value.split('.')[0]!;
    const why =
      UNSTORED_ORDER_FIELDS.get(field) ??
      ((ORDER_FIELDS as readonly string[]).includes(field)
        ? undefined
        : `orderBy field must be one of ${ORDER_FIELDS.join(', ')}`);
    if (why) addIssue({ message: why });
  }),
  v.transform((s) => {
    const [field, dir] = s.split('.');
    return { field: field as OrderField, desc: dir!.toLowerCase() === 'desc' };
  }),
);

/**
 * `fields`, as Langfuse reads it: the groups named, names it does not know left out; nothing known
 * named (an empty value included) means every group. Undefined stands for every group.
 */
export const Fields = v.pipe(
  One('fields'),
  v.transform((s) => {
    const named = s
      .split(',')
      .map((x) => x.trim())
      .filter((x): x is FieldGroup => (FIELD_GROUPS as readonly string[]).includes(x));
    return named.length > 0 ? new Set(named) : undefined;
  }),
);

/** Every field group: what an absent `fields` reads. */
export const ALL_FIELD_GROUPS: ReadonlySet<FieldGroup> = new Set(FIELD_GROUPS);

/** GET /api/public/traces/:traceId (docs/api.md): the field groups, as on the list. */
export const TraceGetParams = v.object({ fields: v.optional(Fields) });

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
    orderBy: v.optional(OrderBy, DEFAULT_ORDER),
    fields: v.optional(Fields),
    filter: v.optional(Filter(TRACE_FILTER_COLUMNS)),
  }),
  v.check((p) => boundsInOrder(p), BOUNDS_MESSAGE),
  // Langfuse's order: a filter condition replaces the simple parameter of the same field.
  v.transform(withFilter),
);
export type TraceListParams = v.InferOutput<typeof TraceListParams>;
