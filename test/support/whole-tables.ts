import type { Db } from '@spanhouse/db';

/**
 * A test's read of whole tables, every project's rows together (what a fuzz run left anywhere),
 * on the writer connection: the query port admits only reads of one project's rows.
 */
export async function readWholeTables(db: Db, sql: string): Promise<Record<string, unknown>[]> {
  const rs = await db.writer.query({ query: sql, format: 'JSONEachRow' });
  return rs.json<Record<string, unknown>>();
}
