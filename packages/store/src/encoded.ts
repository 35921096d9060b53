/*
 * What the writer moves: a table's rows as bytes in that table's format. Each table module
 * declares its columns and format beside its encoder (WRITTEN_TABLES gathers them), so the
 * ingest log and the insert know nothing of a format beyond "bytes of table T in format F", and
 * a table's encoding changes in its own module.
 */

/** The formats rows are encoded in for an insert. */
export type RowFormat = 'TabSeparated' | 'RowBinary';

/**
 * How a table's encoded rows are laid out: its columns in order, and the format. RowBinary rows
 * carry no text the engine could read their types from, so a RowBinary encoding also names each
 * column's type as it is written (the insert's structure), which may differ from the table's own
 * (a SimpleAggregateFunction column is written as its argument type).
 */
export type TableEncoding =
  | { columns: readonly [string, ...string[]]; format: 'TabSeparated' }
  | { columns: readonly [string, ...string[]]; format: 'RowBinary'; types: readonly [string, ...string[]] };

/** A RowBinary encoding from its columns as (name, type) pairs. */
export function rowBinaryEncoding(columns: readonly [[string, string], ...[string, string][]]): TableEncoding {
  return {
    columns: columns.map(([name]) => name) as [string, ...string[]],
    format: 'RowBinary',
    types: columns.map(([, type]) => type) as [string, ...string[]],
  };
}

/**
 * Some rows of one table, encoded when the request arrived: in the table's declared encoding
 * (WRITTEN_TABLES), or in the one `encoding` names (the metrics batch scanner writes TabSeparated
 * lines straight from the request's bytes).
 */
export type EncodedRows = {
  bytes: Buffer;
  rows: number;
  encoding?: TableEncoding;
  /**
   * For rows that reads place in time (observation pieces, at their start): the earliest time in
   * microseconds at which they can change what such a read answers, 0 when any. Told to the write
   * notices once the rows are committed (WriteNotices.committed), for the caches that keep answers
   * per time.
   */
  changesFromUs?: number;
};

/** One request's rows, by table. */
export type TableRows = Partial<Record<string, EncodedRows>>;
