import type { Db } from '@spanhouse/db';

/** The active parts of `table` in the test's database: how many, and the rows of the largest. */
export async function activeParts(db: Db, table: string): Promise<{ parts: number; largest: number }> {
  const [row] = await (
    await db.writer.query({
      query: `SELECT count() AS n, max(rows) AS largest FROM system.parts
        WHERE active AND database = currentDatabase() AND table = {table:String}`,
      query_params: { table },
      format: 'JSONEachRow',
    })
  ).json<{ n: string; largest: string }>();
  return { parts: Number(row!.n), largest: Number(row!.largest) };
}
