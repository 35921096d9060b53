import type { Db } from '@spanhouse/db';
import { nextVersion, SERIES_DELETIONS_DICTIONARY, type SeriesDeletionRow, TABLES } from '@spanhouse/store';
import { seriesByMatchers } from '../metric-series/reader.ts';
import type { Selector } from './ast.ts';

/**
 * Prometheus' delete_series for a project: every stored series matching any selector gets a
 * deletion of the range [startMs, endMs] (defaults: the beginning and the end of time), written and
 * synced before this resolves, then the dictionary the reads look deletions up in is reloaded, so
 * the points are gone from every read at the answer. The deletion covers the points accepted
 * before it (their `written_us` is older than its `deleted_us`): points written later are read
 * wherever their time falls, as Prometheus shows them. The LLM series are not stored series (they are read from the traces): deleting
 * them is deleting traces. Resolves with how many series were deleted.
 */
export async function deleteSeries(
  db: Db,
  project: string,
  selectors: readonly Selector[],
  range: { startMs?: number; endMs?: number },
): Promise<number> {
  const ids = new Set<string>();
  for (const s of selectors) for (const f of await seriesByMatchers(db, project, s.matchers)) ids.add(f.id);
  if (ids.size === 0) return 0;
  const deletedUs = nextVersion();
  const rows: SeriesDeletionRow[] = [...ids].map((id) => ({
    project_id: project,
    series_id: id,
    start_us: range.startMs === undefined ? Number.MIN_SAFE_INTEGER : range.startMs * 1000,
    end_us: range.endMs === undefined ? Number.MAX_SAFE_INTEGER : range.endMs * 1000,
    deleted_us: deletedUs,
  }));
  await db.writer.insert({ table: TABLES.seriesDeletions, values: rows, format: 'JSONEachRow' });
  await db.writer.command({ query: `SYSTEM RELOAD DICTIONARY ${SERIES_DELETIONS_DICTIONARY}` });
  return ids.size;
}
