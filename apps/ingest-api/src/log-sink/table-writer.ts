import type { Db } from '@spanhouse/db';
import { DICTIONARY_OF_TABLE } from '@spanhouse/store';

/**
 * One insert: encoded rows of one table, with the columns and format they were encoded in (and,
 * for RowBinary, the type each column was written as).
 */
export type InsertBatch =
  | { table: string; columns: readonly [string, ...string[]]; format: 'TabSeparated'; data: Buffer }
  | {
      table: string;
      columns: readonly [string, ...string[]];
      format: 'RowBinary';
      types: readonly [string, ...string[]];
      data: Buffer;
    };

/** A log chunk in a format (or without the types) this version cannot insert: set aside, never retried. */
export class UnknownChunkFormatError extends Error {
  override name = 'UnknownChunkFormatError';
  constructor(table: string, format: string) {
    super(`no insert for rows of ${table} in format ${format}`);
  }
}

/**
 * The writer port: where the log's background writer inserts. Knows nothing of what the rows
 * mean beyond "bytes of table T in format F"; raises the engine's own errors (insert-errors.ts
 * says which of them retrying cannot fix). ClickHouseWriter is the implementation; tests put
 * their own in front of it to make inserts wait or fail.
 */
export type TableWriter = { insert(batch: InsertBatch): Promise<void> };

/**
 * Inserts through the database's writer connection (Db.insertText for text, the bytes as they
 * are; Db.insertRowBinary for RowBinary); after an insert into a table a dictionary serves (the
 * tombstones), reloads that dictionary, so the insert counts as committed only once the reads see it.
 */
export class ClickHouseWriter implements TableWriter {
  constructor(private readonly db: Db) {}

  async insert(batch: InsertBatch): Promise<void> {
    if (batch.format === 'TabSeparated') {
      await this.db.insertText({
        table: batch.table,
        columns: [...batch.columns],
        format: batch.format,
        text: batch.data,
      });
    } else {
      await this.db.insertRowBinary({
        table: batch.table,
        columns: batch.columns,
        types: batch.types,
        data: batch.data,
      });
    }
    const dictionary = DICTIONARY_OF_TABLE[batch.table];
    if (dictionary) await this.db.writer.command({ query: `SYSTEM RELOAD DICTIONARY ${dictionary}` });
  }
}
