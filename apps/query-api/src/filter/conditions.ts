import * as v from 'valibot';

/*
 * Langfuse's JSON `filter` parameter (docs/langfuse.md "The filter parameter"): an array of
 * conditions `{type, column, operator, value, key?}`, each type with its own operators and value
 * shape (`matches`, on string and stringObject, is the indexed text search of Langfuse's v2
 * observation list). This module checks the form only; which columns exist and which types fit them is
 * columns.ts's.
 */

export const OPERATORS = {
  datetime: ['>', '<', '>=', '<='],
  string: ['=', 'contains', 'does not contain', 'starts with', 'ends with', 'matches'],
  stringOptions: ['any of', 'none of'],
  categoryOptions: ['any of', 'none of'],
  arrayOptions: ['any of', 'none of', 'all of'],
  number: ['=', '>', '<', '>=', '<='],
  stringObject: ['=', 'contains', 'does not contain', 'starts with', 'ends with', 'matches'],
  numberObject: ['=', '>', '<', '>=', '<='],
  booleanObject: ['=', '<>'],
  boolean: ['=', '<>'],
  null: ['is null', 'is not null'],
  positionInTrace: ['='],
} as const;
export type ConditionType = keyof typeof OPERATORS;
export const CONDITION_TYPES = Object.keys(OPERATORS) as ConditionType[];

/** At most this many conditions: each is one more predicate (or subquery) of the list's query. */
export const MAX_CONDITIONS = 50;
/** At most this many values in an options list, and characters in a string value. */
export const MAX_OPTIONS = 1000;
export const MAX_VALUE_CHARS = 1000;

const Text = v.pipe(
  v.string('must be a string'),
  v.maxLength(MAX_VALUE_CHARS, `must be at most ${MAX_VALUE_CHARS} characters`),
);
const Finite = v.pipe(v.number('must be a number'), v.finite('must be a finite number'));
const Options = v.pipe(
  v.array(Text, 'must be an array of strings'),
  v.maxLength(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} values`),
);
/** A time as Langfuse coerces it (an ISO string or milliseconds since 1970), to microseconds. */
const Instant = v.pipe(
  v.union([v.string(), v.number()], 'must be an ISO date-time or milliseconds since 1970'),
  v.transform((x) => new Date(x).getTime()),
  v.check((ms) => Number.isFinite(ms), 'must be an ISO date-time or milliseconds since 1970'),
  v.transform((ms) => ms * 1000),
);
const Key = v.pipe(
  v.string('must be a string'),
  v.minLength(1, 'must not be empty'),
  v.maxLength(256, 'must be at most 256 characters'),
);

const op = <T extends ConditionType>(type: T) =>
  v.picklist(OPERATORS[type], `must be one of ${OPERATORS[type].map((o) => `"${o}"`).join(', ')} for type ${type}`);
const base = <T extends ConditionType>(type: T) => ({
  type: v.literal(type),
  column: v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty')),
  operator: op(type),
});

export const Condition = v.variant(
  'type',
  [
    v.object({ ...base('datetime'), value: Instant }),
    v.object({ ...base('string'), value: Text }),
    v.object({ ...base('number'), value: Finite }),
    v.object({ ...base('stringOptions'), value: v.pipe(Options, v.minLength(1, 'must not be empty')) }),
    v.object({ ...base('categoryOptions'), key: Key, value: Options }),
    v.object({ ...base('arrayOptions'), value: Options }),
    v.object({ ...base('stringObject'), key: Key, value: Text }),
    v.object({ ...base('numberObject'), key: Key, value: Finite }),
    v.object({ ...base('booleanObject'), key: Key, value: v.boolean('must be true or false') }),
    v.object({ ...base('boolean'), value: v.boolean('must be true or false') }),
    v.object({ ...base('null'), value: v.optional(v.literal('', 'must be ""')) }),
    v.object({ ...base('positionInTrace'), key: v.string(), value: v.optional(v.number()) }),
  ],
  `must be one of ${CONDITION_TYPES.join(', ')}`,
);
export type Condition = v.InferOutput<typeof Condition>;

export const Conditions = v.pipe(
  v.array(Condition, 'must be a JSON array of conditions'),
  v.maxLength(MAX_CONDITIONS, `must have at most ${MAX_CONDITIONS} conditions`),
);

/** Where an issue is, as `filter[2].operator`, for the 400's message. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = 'filter';
  for (const item of issue.path ?? []) out += typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`;
  return out;
}

/** A condition that is well formed but does not fit its list: the message of a 400. */
export class FilterError extends Error {}
