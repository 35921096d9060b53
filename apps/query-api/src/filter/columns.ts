import type { ProjectParams } from '@spanhouse/db';
import type { SearchTerm } from '@spanhouse/schema';
import { wordText } from '@spanhouse/store';
import { type Condition, type ConditionType, FilterError } from './conditions.ts';
import { indexTerms, MAX_INDEX_TERMS, matchTerms } from './text-terms.ts';

export { FilterError };

/*
 * The columns a `filter` condition may name (Langfuse's column ids and display names) and how a
 * condition on each becomes SQL. Column expressions come only from the fixed tables of
 * trace-columns.ts and observation-columns.ts; every value goes through a query parameter.
 */

/** Langfuse's column types; each accepts the condition types COMPATIBLE lists. */
export type ColumnType =
  | 'string'
  | 'stringOptions'
  | 'arrayOptions'
  | 'datetime'
  | 'number'
  | 'boolean'
  | 'stringObject'
  | 'numberObject'
  | 'booleanObject'
  | 'categoryOptions';

/** Langfuse's compatibility of condition types with column types (plus `null` on string columns). */
const COMPATIBLE: Record<ColumnType, readonly ConditionType[]> = {
  string: ['string', 'stringOptions', 'null'],
  stringOptions: ['string', 'stringOptions', 'null'],
  arrayOptions: ['arrayOptions', 'stringOptions'],
  datetime: ['datetime', 'null'],
  number: ['number'],
  boolean: ['boolean'],
  stringObject: ['stringObject'],
  numberObject: ['numberObject'],
  booleanObject: ['booleanObject'],
  categoryOptions: ['categoryOptions', 'stringOptions'],
};

/** A condition compiled against the list's merged row, given the query's parameters. */
export type Where = (c: Condition, p: ProjectParams) => string;

/** SQL: the rows whose text holds every term, from a text index (a superset of the rows a text condition keeps). */
export type Narrow = (terms: SearchTerm[], p: ProjectParams) => string;

export type ColumnSql =
  /** A scalar expression of the row: strings, numbers; `micros`: a time as Int64 microseconds, `datetime`: a DateTime64. */
  | { kind: 'value'; expr: string; time?: 'micros' | 'datetime'; nullable?: boolean }
  /** An array of strings (tags). */
  | { kind: 'array'; expr: string }
  /** A map of key to the JSON text of the value (metadata); `narrow` as for text. */
  | { kind: 'map'; expr: string; narrow: Narrow }
  /** Stored JSON text searched as the text Langfuse stores (a string as itself): `narrow` finds candidates from the text index. */
  | { kind: 'text'; expr: string; narrow: Narrow }
  /** Anything else (aggregates over other tables), compiled whole. */
  | { kind: 'custom'; where: Where };

export type Column = {
  id: string;
  /** Langfuse's display name, accepted as the column too. */
  name: string;
  aliases?: readonly string[];
  type: ColumnType;
  sql: ColumnSql;
  /** The simple query parameters a condition on this column overrides (Langfuse: same stored field). */
  replaces?: readonly string[];
};

/** A column Langfuse's API accepts that spanhouse does not store: a 400 that says so. */
export type RefusedColumn = { id: string; name: string; reason: string };

export type ColumnTable = {
  /** `trace` or `observation`, for messages. */
  what: string;
  columns: readonly Column[];
  refused: readonly RefusedColumn[];
};

const matches = (c: { id: string; name: string; aliases?: readonly string[] }, column: string) =>
  c.id === column || c.name === column || (c.aliases?.includes(column) ?? false);

/** The column a condition names, or a FilterError naming what is wrong. */
export function columnOf(table: ColumnTable, c: Condition, at: string): Column {
  const refused = table.refused.find((r) => matches(r, c.column));
  if (refused) throw new FilterError(`${at}.column "${c.column}": ${refused.reason}`);
  const column = table.columns.find((col) => matches(col, c.column));
  if (!column) {
    throw new FilterError(
      `${at}.column "${c.column}" is not one of the ${table.what} columns: ${table.columns.map((col) => col.id).join(', ')}`,
    );
  }
  if (!COMPATIBLE[column.type].includes(c.type)) {
    throw new FilterError(
      `${at}: type ${c.type} does not fit column ${column.id} (a ${column.type} column: ${COMPATIBLE[column.type].join(', ')})`,
    );
  }
  if (c.type === 'positionInTrace') throw new FilterError(`${at}: type positionInTrace is not supported`);
  return column;
}

const CMP: Record<string, string> = { '=': '=', '>': '>', '<': '<', '>=': '>=', '<=': '<=', '<>': '!=' };

/** SQL: a string condition (`string` or `stringObject` operators) on a text expression. */
export function stringCondition(expr: string, operator: string, value: string, p: ProjectParams): string {
  const v = p.add(value, 'String');
  switch (operator) {
    case '=':
      return `${expr} = ${v}`;
    case 'contains':
      return `position(${expr}, ${v}) > 0`;
    case 'does not contain':
      return `position(${expr}, ${v}) = 0`;
    case 'starts with':
      return `startsWith(${expr}, ${v})`;
    case 'ends with':
      return `endsWith(${expr}, ${v})`;
  }
  throw new FilterError(`operator ${operator} is not a string operator`);
}

/** SQL: a number comparison. */
export const numberCondition = (expr: string, operator: string, value: number, p: ProjectParams) =>
  `${expr} ${CMP[operator]} ${p.add(value, 'Float64')}`;

/** SQL: `any of` / `none of` a list on a scalar expression. */
export const optionsCondition = (expr: string, operator: string, values: string[], p: ProjectParams) =>
  `${expr} ${operator === 'none of' ? 'NOT IN' : 'IN'} ${p.add(values, 'Array(String)')}`;

/**
 * Stored JSON text as the text Langfuse stores and compares: a JSON string's content, any other JSON
 * value as its text. Langfuse keeps a string input, output or metadata value as itself, so
 * `output = "hello"` finds the output "hello", stored here as `"hello"`.
 */
const storedText = (json: string) => `if(startsWith(${json}, '"'), JSONExtractString(${json}), ${json})`;

/** A metadata value as text (Langfuse's map values): see storedText. */
const metadataValue = (map: string, key: string) => storedText(`${map}[${key}]`);

/**
 * SQL: a string condition on stored text. `matches` (Langfuse's indexed search): every word of the
 * value a whole word of the text and the value in it, any case, looked up in the index first.
 * The others keep their exact meaning (case-sensitive substrings); the index narrows them when
 * the value holds a whole word (indexTerms), else they read the text (`scan`: bounded by the caller).
 */
function textCondition(
  expr: string,
  operator: string,
  value: string,
  narrow: Narrow,
  p: ProjectParams,
): { sql: string; scan: boolean } {
  if (operator === 'matches') {
    const terms = matchTerms(value);
    const v = p.add(value, 'String');
    const words = `hasAll(tokens(${wordText(expr)}, 'splitByNonAlpha'), tokens(${wordText(v)}, 'splitByNonAlpha'))`;
    return {
      sql: `(${narrow(terms.slice(0, MAX_INDEX_TERMS), p)} AND positionCaseInsensitiveUTF8(${expr}, ${v}) > 0 AND ${words})`,
      scan: false,
    };
  }
  const exact = stringCondition(expr, operator, value, p);
  const terms = operator === 'does not contain' ? [] : indexTerms(value, operator);
  if (terms.length === 0) return { sql: exact, scan: true };
  return { sql: `(${narrow(terms, p)} AND ${exact})`, scan: false };
}

/**
 * SQL for a condition on a column (already checked to fit it). Conditions that compare stored text
 * without an index (`scan`) are returned apart: the caller bounds how many rows they may read.
 */
export function conditionSql(column: Column, c: Condition, p: ProjectParams): { sql: string; scan: boolean } {
  const sql = column.sql;
  if (sql.kind === 'custom') return { sql: sql.where(c, p), scan: false };
  if (c.type === 'null') {
    if (sql.kind !== 'value' && sql.kind !== 'text')
      throw new FilterError(`type null does not fit column ${column.id}`);
    const empty =
      sql.kind === 'value' && sql.time ? `${sql.expr} IS NULL` : `(${sql.expr} = '' OR ${sql.expr} IS NULL)`;
    return { sql: c.operator === 'is null' ? empty : `NOT ${empty}`, scan: false };
  }
  if (sql.kind === 'array') {
    const values = p.add(c.value as string[], 'Array(String)');
    if (c.operator === 'all of') return { sql: `hasAll(${sql.expr}, ${values})`, scan: false };
    return { sql: `${c.operator === 'none of' ? 'NOT ' : ''}hasAny(${sql.expr}, ${values})`, scan: false };
  }
  if (sql.kind === 'map') {
    if (c.type !== 'stringObject') throw new FilterError(`type ${c.type} does not fit column ${column.id}`);
    const key = p.add(c.key, 'String');
    const text = textCondition(metadataValue(sql.expr, key), c.operator, c.value, sql.narrow, p);
    return { sql: `(mapContains(${sql.expr}, ${key}) AND ${text.sql})`, scan: text.scan };
  }
  if (sql.kind === 'text') {
    const text = storedText(sql.expr);
    if (c.type === 'stringOptions') return { sql: optionsCondition(text, c.operator, c.value, p), scan: false };
    if (c.type !== 'string') throw new FilterError(`type ${c.type} does not fit column ${column.id}`);
    return textCondition(text, c.operator, c.value, sql.narrow, p);
  }
  if ('operator' in c && c.operator === 'matches') {
    throw new FilterError(`operator matches is for input, output and metadata, not column ${column.id}`);
  }
  // A scalar.
  switch (c.type) {
    case 'string':
      return { sql: stringCondition(sql.expr, c.operator, c.value, p), scan: false };
    case 'stringOptions':
      return { sql: optionsCondition(sql.expr, c.operator, c.value, p), scan: false };
    case 'number':
      return { sql: numberCondition(sql.expr, c.operator, c.value, p), scan: false };
    case 'boolean':
      return { sql: `${sql.expr} ${CMP[c.operator]} ${p.add(c.value ? 1 : 0, 'UInt8')}`, scan: false };
    case 'datetime': {
      const at = p.add(Math.round(c.value), 'Int64');
      const bound = sql.time === 'micros' ? at : `fromUnixTimestamp64Micro(${at}, 'UTC')`;
      return { sql: `${sql.expr} ${CMP[c.operator]} ${bound}`, scan: false };
    }
  }
  throw new FilterError(`type ${c.type} does not fit column ${column.id}`);
}

/** A column of a table: id, Langfuse's display name, type, SQL, and aliases or overridden parameters. */
export const column = (
  id: string,
  name: string,
  type: ColumnType,
  sql: ColumnSql,
  more: Pick<Column, 'aliases' | 'replaces'> = {},
): Column => ({ id, name, type, sql, ...more });

/** SQL of a column that is a scalar expression of the row. */
export const value = (expr: string, time?: 'micros' | 'datetime'): ColumnSql =>
  time ? { kind: 'value', expr, time } : { kind: 'value', expr };

/** SQL of a column compiled whole. */
export const custom = (where: Where): ColumnSql => ({ kind: 'custom', where });
