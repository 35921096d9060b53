import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { badRequest } from '@spanhouse/http';

/**
 * Past this many rows, a substring condition that no index serves is refused rather than read
 * (decision 0057): the rows the request's other conditions leave are counted first, and each of
 * them would have its stored text read and searched.
 */
export const MAX_SCANNED_ROWS = 100_000;

/**
 * A 400 when the rows `countSql(p)` counts (the list's other conditions) are more than `max`
 * (MAX_SCANNED_ROWS; tests lower it): the text conditions would read that many texts.
 */
export async function boundTextScan(
  db: Db,
  project: string,
  countSql: (p: ProjectParams) => string,
  what: string,
  signal?: AbortSignal,
  max = MAX_SCANNED_ROWS,
): Promise<void> {
  const p = new ProjectParams(project);
  const [n] = await queryRows(db, {
    sql: countSql(p),
    params: p.params,
    tag: 'filter.scan_bound',
    map: (r) => Number(r.n),
    signal,
  });
  if ((n ?? 0) > max) {
    throw badRequest(
      `filter: a text condition without a whole word to look up (e.g. "contains" of one word part, or "does not contain") ` +
        `reads the text of every ${what} the other conditions leave: ${n} here, at most ${max}. ` +
        `Add conditions (a time range, a user) or use a value with a whole word in it (e.g. " refund ").`,
    );
  }
}
