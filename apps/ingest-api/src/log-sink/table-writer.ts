import type { Db } from '@spanhouse/db';
import { DICTIONARY_OF_TABLE, type RowFormat } from '@spanhouse/store';

/** One insert: encoded rows of one table, with the columns and format they were encoded in. */
export type InsertBatch = { table: string; columns: readonly [string, ...string[]]; format: RowFormat; data: Buffer };

/**
 * The writer port: where the log's background writer inserts. Knows nothing of what the rows
 * mean beyond "bytes of table T in format F"; raises the engine's own errors (insert-errors.ts
 * says which of them retrying cannot fix). ClickHouseWriter is the implementation; tests put
 * their own in front of it to make inserts wait or fail.
 */
export type TableWriter = { insert(batch: InsertBatch): Promise<void> };

/**
 * Inserts through the database's writer connection (Db.insertText: the bytes as they are); after
 * an insert into a table a dictionary serves (the tombstones), reloads that dictionary, so the
 * insert counts as committed only once the reads see it.
 */
export class ClickHouseWriter implements TableWriter {
  constructor(private readonly db: Db) {}

  async insert(batch: InsertBatch): Promise<void> {
    if (batch.format !== 'TabSeparated') throw new Error(`no insert for format ${batch.format}`);
    await this.db.insertText({
      table: batch.table,
      columns: [...batch.columns],
      format: batch.format,
      text: batch.data,
    });
    const dictionary = DICTIONARY_OF_TABLE[batch.table];
    if (dictionary) await this.db.writer.command({ query: `SYSTEM RELOAD DICTIONARY ${dictionary}` });
  }
}
