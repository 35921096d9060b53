import { ProjectParams } from '@spanhouse/db';
import * as v from 'valibot';
import { One } from '../query-params.ts';
import { type Column, type ColumnTable, columnOf, conditionSql, FilterError } from './columns.ts';
import { type Condition, Conditions, issuePath } from './conditions.ts';

/** Past this many characters the parameter is refused: 50 conditions of long values fit well within it. */
export const MAX_FILTER_CHARS = 100_000;

/** The `filter` parameter, checked against a list's columns and ready to become SQL. */
export type ParsedFilter = {
  /** The simple parameters a condition overrides (Langfuse: a condition on the same stored field wins). */
  replaces: ReadonlySet<string>;
  /** Every condition as SQL, given the query's parameters. */
  conditions: (p: ProjectParams) => string[];
  /** The conditions but those that read stored text without an index; undefined when there are none. */
  indexed?: (p: ProjectParams) => string[];
};

function compile(table: ColumnTable, conditions: Condition[]): ParsedFilter {
  const resolved: [Column, Condition][] = conditions.map((c, i) => [columnOf(table, c, `filter[${i}]`), c]);
  const sql = (p: ProjectParams) => resolved.map(([column, c]) => conditionSql(column, c, p));
  // Compiled once now so that a condition that cannot become SQL is this request's 400.
  const scans = sql(new ProjectParams('filter-check')).some((s) => s.scan);
  return {
    replaces: new Set(resolved.flatMap(([column]) => column.replaces ?? [])),
    conditions: (p) => sql(p).map((s) => s.sql),
    ...(scans ? { indexed: (p: ProjectParams) => sql(p).flatMap((s) => (s.scan ? [] : [s.sql])) } : {}),
  };
}

/**
 * Langfuse's JSON `filter` query parameter for a list whose columns are `table`
 * (docs/langfuse.md): bad JSON, a condition of the wrong form, an unknown or refused column or a
 * type that does not fit the column is a 400 naming the condition. Empty: no filter.
 */
export const Filter = (table: ColumnTable) =>
  v.pipe(
    One('filter'),
    v.maxLength(MAX_FILTER_CHARS, `filter must be at most ${MAX_FILTER_CHARS} characters`),
    v.rawTransform(({ dataset, addIssue, NEVER }): ParsedFilter | undefined => {
      if (dataset.value.trim() === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(dataset.value);
      } catch {
        addIssue({ message: 'filter must be JSON: an array of {type, column, operator, value, key?}' });
        return NEVER;
      }
      const parsed = v.safeParse(Conditions, json);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        addIssue({ message: `${issuePath(issue)} ${issue.message}` });
        return NEVER;
      }
      if (parsed.output.length === 0) return undefined;
      try {
        return compile(table, parsed.output);
      } catch (err) {
        if (!(err instanceof FilterError)) throw err;
        addIssue({ message: err.message });
        return NEVER;
      }
    }),
  );

/** The simple parameters of `q` that `filter` does not override, and the filter's conditions. */
export function withFilter<T extends { filter?: ParsedFilter }>(
  q: T,
): T & { conditions?: (p: ProjectParams) => string[] } {
  if (!q.filter) return q;
  const out: Record<string, unknown> = { ...q, conditions: q.filter.conditions };
  for (const name of q.filter.replaces) delete out[name];
  return out as T & { conditions: (p: ProjectParams) => string[] };
}
