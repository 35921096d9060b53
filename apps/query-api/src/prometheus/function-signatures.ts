import type { ValueType } from './ast.ts';

/**
 * The functions of Prometheus 2.42 with their argument and result types (promql/parser's
 * Functions table): `variadic` 0 for a fixed count, n for up to n more of the last argument's
 * type, -1 for any number more.
 */
export type FunctionSignature = { args: readonly ValueType[]; variadic: number; returns: ValueType };

const V: ValueType = 'vector';
const M: ValueType = 'matrix';
const S: ValueType = 'scalar';
const STR: ValueType = 'string';

const each = (names: string[], signature: FunctionSignature) =>
  names.map((n): [string, FunctionSignature] => [n, signature]);
const vectorToVector = (names: string[]) => each(names, { args: [V], variadic: 0, returns: V });
const matrixToVector = (names: string[]) => each(names, { args: [M], variadic: 0, returns: V });
const dateFunctions = (names: string[]) => each(names, { args: [V], variadic: 1, returns: V });

export const FUNCTIONS: ReadonlyMap<string, FunctionSignature> = new Map<string, FunctionSignature>([
  ...vectorToVector([
    'abs',
    'absent',
    'acos',
    'acosh',
    'asin',
    'asinh',
    'atan',
    'atanh',
    'ceil',
    'cos',
    'cosh',
    'deg',
    'exp',
    'floor',
    'histogram_count',
    'histogram_sum',
    'ln',
    'log10',
    'log2',
    'rad',
    'sgn',
    'sin',
    'sinh',
    'sort',
    'sort_desc',
    'sqrt',
    'tan',
    'tanh',
    'timestamp',
  ]),
  ...matrixToVector([
    'absent_over_time',
    'avg_over_time',
    'changes',
    'count_over_time',
    'delta',
    'deriv',
    'idelta',
    'increase',
    'irate',
    'last_over_time',
    'max_over_time',
    'min_over_time',
    'present_over_time',
    'rate',
    'resets',
    'stddev_over_time',
    'stdvar_over_time',
    'sum_over_time',
  ]),
  ...dateFunctions(['days_in_month', 'day_of_month', 'day_of_week', 'day_of_year', 'hour', 'minute', 'month', 'year']),
  ['clamp', { args: [V, S, S], variadic: 0, returns: V }],
  ['clamp_max', { args: [V, S], variadic: 0, returns: V }],
  ['clamp_min', { args: [V, S], variadic: 0, returns: V }],
  ['histogram_fraction', { args: [S, S, V], variadic: 0, returns: V }],
  ['histogram_quantile', { args: [S, V], variadic: 0, returns: V }],
  ['holt_winters', { args: [M, S, S], variadic: 0, returns: V }],
  ['label_replace', { args: [V, STR, STR, STR, STR], variadic: 0, returns: V }],
  ['label_join', { args: [V, STR, STR, STR], variadic: -1, returns: V }],
  ['pi', { args: [], variadic: 0, returns: S }],
  ['predict_linear', { args: [M, S], variadic: 0, returns: V }],
  ['quantile_over_time', { args: [S, M], variadic: 0, returns: V }],
  ['round', { args: [V, S], variadic: 1, returns: V }],
  ['scalar', { args: [V], variadic: 0, returns: S }],
  ['time', { args: [], variadic: 0, returns: S }],
  ['vector', { args: [S], variadic: 0, returns: V }],
]);

/** Aggregation operators; those with a parameter, and its type. */
export const AGGREGATION_OPS: ReadonlyMap<string, ValueType | undefined> = new Map<string, ValueType | undefined>([
  ['sum', undefined],
  ['avg', undefined],
  ['min', undefined],
  ['max', undefined],
  ['count', undefined],
  ['group', undefined],
  ['stddev', undefined],
  ['stdvar', undefined],
  ['topk', S],
  ['bottomk', S],
  ['quantile', S],
  ['count_values', STR],
]);

/**
 * Functions whose value changes with the evaluation time even when their arguments do not, or
 * that read their argument's timestamps: never evaluated once for a whole range (promql's
 * AtModifierUnsafeFunctions).
 */
export const TIME_DEPENDENT_FUNCTIONS: ReadonlySet<string> = new Set([
  'days_in_month',
  'day_of_month',
  'day_of_week',
  'day_of_year',
  'hour',
  'minute',
  'month',
  'year',
  'predict_linear',
  'time',
  'timestamp',
]);
