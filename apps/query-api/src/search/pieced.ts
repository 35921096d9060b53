import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { SearchTerm } from '@spanhouse/schema';
import { tracesInPiecesSql } from '@spanhouse/store';

/** At most this many traces with rows holding a term outside the largest merged part group them alone. */
export const PIECED_TRACES_CAP = 2000;

/**
 * The traces a search of several terms must group by trace (tracesInPiecesSql), for
 * tracesSearched's `pieced`: undefined for a single term, or when they are PIECED_TRACES_CAP or
 * more (right after a load, before the parts merge), where every trace holding a term is grouped.
 * One small read that spares grouping every row holding any term (docs/search.md).
 */
export async function tracesInPieces(
  db: Db,
  project: string,
  terms: readonly SearchTerm[] | undefined,
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  if (terms === undefined || terms.length < 2) return undefined;
  const p = new ProjectParams(project);
  const ids = await queryRows(db, {
    sql: tracesInPiecesSql(terms, p, PIECED_TRACES_CAP),
    params: p.params,
    tag: 'search.pieced',
    map: (r) => String(r.trace_id),
    signal,
  });
  return ids.length < PIECED_TRACES_CAP ? ids : undefined;
}
