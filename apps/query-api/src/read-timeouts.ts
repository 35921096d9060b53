import { type Db, isQueryTooBig, isReadTimeout, queryRows } from '@spanhouse/db';
import { ApiError, type ExplainError } from '@spanhouse/http';

/** How long the look-up of index builds may take: it runs only for a read that already timed out. */
const BUILDS_LOOKUP_MS = 2_000;

/** Retry-After while an index is being built: a build of a large table takes minutes. */
const RETRY_DURING_BUILD_S = 60;

/**
 * The query API's answer for a read the engine stopped at its time bound (QUERY_TIMEOUT_MS,
 * Db.readTimeoutMs): 503 saying so, instead of the 500 of an unknown error. When an index is
 * being built (an upgrade's migration rebuilds a search index in the background, and until it is
 * done the reads that need it scan the parts it has not reached), the answer names the build and
 * asks to come back later (Retry-After); otherwise it asks for a narrower read.
 */
export function explainReadTimeouts(db: Db, timeoutMs: number): ExplainError {
  return async (err) => {
    if (!isReadTimeout(err)) return undefined;
    const limit = `${timeoutMs / 1000} s (QUERY_TIMEOUT_MS)`;
    const builds = await indexBuilds(db).catch(() => []);
    if (builds.length > 0) {
      const names = builds.map((b) => `${b.index} (${b.partsLeft} parts to go)`).join(', ');
      return new ApiError(
        'SERVICE_UNAVAILABLE',
        `the query ran longer than ${limit} and was stopped: ClickHouse is building ${builds.length > 1 ? 'the indexes' : 'the index'} ${names}, and until it is done the reads that need it scan; try again later`,
        RETRY_DURING_BUILD_S,
      );
    }
    return new ApiError(
      'SERVICE_UNAVAILABLE',
      `the query ran longer than ${limit} and was stopped; narrow it (a shorter time range, a filter) or raise QUERY_TIMEOUT_MS`,
    );
  };
}

/**
 * The query API's answer for errors of its reads that deserve one (ExplainError): a query the
 * engine refused for its size is a 400, and a read stopped at its time bound the 503 of
 * explainReadTimeouts.
 *
 * A request builds one query from its parameters: a JSON filter of many text conditions (each
 * looks its words up in the search index) can make it larger than the engine parses. That is the
 * request's size, not a fault of the service: a 400 asking for fewer conditions, never a 500.
 */
export function explainReadErrors(db: Db, timeoutMs: number): ExplainError {
  const timeouts = explainReadTimeouts(db, timeoutMs);
  return (err) =>
    isQueryTooBig(err)
      ? new ApiError(
          'BAD_REQUEST',
          'the request makes a query too large for ClickHouse to parse; send fewer filter conditions or values',
        )
      : timeouts(err);
}

type IndexBuild = { index: string; partsLeft: number };

/** The indexes of this database being built (MATERIALIZE INDEX not done), by name. */
async function indexBuilds(db: Db): Promise<IndexBuild[]> {
  const rows = await queryRows(db, {
    sql: `SELECT extract(command, 'MATERIALIZE INDEX\\\\s+\`?(\\\\w+)') AS index, sum(parts_to_do) AS parts_left
      FROM system.mutations
      WHERE database = currentDatabase() AND NOT is_done AND position(command, 'MATERIALIZE INDEX') > 0
      GROUP BY index ORDER BY index`,
    tag: 'index_builds',
    settings: { max_execution_time: BUILDS_LOOKUP_MS / 1000 },
    map: (r) => ({ index: String(r.index), partsLeft: Number(r.parts_left) }),
  });
  return rows.filter((r) => r.index !== '');
}
