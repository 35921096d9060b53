/*
 * What the writer moves: a table's rows as bytes in that table's format. Each table module
 * declares its columns and format beside its encoder (WRITTEN_TABLES gathers them), so the
 * ingest log and the insert know nothing of a format beyond "bytes of table T in format F", and
 * a table's encoding changes in its own module.
 */

/** The formats rows are encoded in for an insert. */
export type RowFormat = 'TabSeparated';

/** How a table's encoded rows are laid out: its columns in order, and the format. */
export type TableEncoding = { columns: readonly [string, ...string[]]; format: RowFormat };

/** The encoded lines of some rows of one table, encoded when the request arrived. */
export type EncodedRows = { bytes: Buffer; rows: number };

/** One request's rows, by table. */
export type TableRows = Partial<Record<string, EncodedRows>>;
