import { PROJECT_CONDITION, type ProjectParams } from '@spanhouse/db';
import { deletionConditions, retentionConditions } from './lifecycle.ts';
import { traceIdColumn } from './trace-deletions.ts';

/*
 * Every row of a data table belongs to a project (clickhouse/0021): its `project_id` leads the
 * table's sort key. Writers put it in every row (each table module's row type and encoder);
 * readers start every read of a project table with fromProject, which takes the project from a
 * ProjectParams (so a read cannot be written without one), and the query port refuses a read of
 * a project table that does not (@spanhouse/db projectScopeViolation).
 */

/**
 * The start of a read of `table` for the project `p` is bound to:
 * `FROM <table>[ FINAL][ ARRAY JOIN <expr>] WHERE project_id = {project:String}` (PREWHERE with
 * `prewhere`: for conditions on key columns only, exact under FINAL), then what the project's
 * data lifecycle leaves out (lifecycle.ts: rows past its retention, of deleted traces). Further
 * conditions follow with AND (andAll).
 *
 * `filters`: the read's own conditions, put between the retention and the deletion checks.
 * ClickHouse evaluates the arguments of an AND in order, each only on the rows the ones before
 * kept, and a deletion check is a dictionary lookup per row it sees: after a selective filter (a
 * user's traces) it looks up the few rows kept instead of every row of the project.
 *
 * `scan`: a read that evaluates the conditions on many rows (a list's page and count, not a read
 * by key): the deletion check is skipped as a whole, read once per query, where the project has
 * no tombstone (trace-deletions.ts). A read by key leaves it out: there the extra read costs more
 * than the few lookups it saves.
 *
 * `trace`: a read of one trace's rows, this parameter its id: the trace id column equal to it
 * leads the filters, and the deletion lookup is keyed by the parameter, made once per query.
 *
 * `stored`: every stored row of the project, none left out for retention or deletion, as a merge
 * would take them in: for a read that decides how to read the rows (which keys are stored in more
 * than one row), never for an answer.
 */
export function fromProject(
  table: string,
  p: ProjectParams,
  opts: {
    final?: boolean;
    arrayJoin?: string;
    prewhere?: boolean;
    filters?: readonly string[];
    scan?: boolean;
    trace?: string;
    stored?: boolean;
  } = {},
): string {
  if (!p.project) throw new Error(`a read of ${table} needs a project`);
  const arrayJoin = opts.arrayJoin ? ` ARRAY JOIN ${opts.arrayJoin}` : '';
  const start = `FROM ${table}${opts.final ? ' FINAL' : ''}${arrayJoin} ${opts.prewhere ? 'PREWHERE' : 'WHERE'} ${PROJECT_CONDITION}`;
  const filters = opts.trace
    ? [`${table}.${traceIdColumn(table)} = ${opts.trace}`, ...(opts.filters ?? [])]
    : (opts.filters ?? []);
  if (opts.stored) return start + andAll(filters);
  return start + andAll([...retentionConditions(table), ...filters, ...deletionConditions(table, opts)]);
}

/** ` AND a AND b` for conditions that follow fromProject's (nothing for none). */
export const andAll = (conditions: readonly string[]) => conditions.map((c) => ` AND ${c}`).join('');
