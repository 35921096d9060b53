import { type BatchRequest, DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import type { Db } from '@spanhouse/db';
import {
  encodeObservationsRowBinary,
  encodeObservationsTsv,
  encodeTracesRowBinary,
  encodeTracesTsv,
  OBSERVATION_COLUMNS,
  OBSERVATION_PIECES_ENCODING,
  type ObservationRow,
  type RowFormat,
  TABLES,
  TRACE_COLUMNS,
  TRACES_ENCODING,
  type TableEncoding,
  type TraceRow,
} from '@spanhouse/store';
import { decodeJsonRequest } from './otlp-traces/decode-json.ts';
import { decodeProtobufRequest } from './otlp-traces/decode-protobuf.ts';
import { mapExport } from './otlp-traces/map-export.ts';
import { collectSpans } from './otlp-traces/spans.ts';
import type { PriceTable } from './pricing/prices.ts';
import { fromBatch } from './traces/from-batch.ts';
import { rowsOfPieces } from './traces/pieces.ts';

export { encodeScoresTsv, type ObservationRow, SCORE_COLUMNS, type ScoreRow, type TraceRow } from '@spanhouse/store';
/**
 * The ingest mapping as plain functions, without the HTTP app or the ingest buffer: what tools
 * outside the app drive directly (the benchmarks: decode and mapping costs, the direct-insert
 * ceiling, the rows of a generated data set). Exported as `@spanhouse/ingest-api/pipeline`.
 */
export { decodeJsonRequest } from './otlp-traces/decode-json.ts';
export { decodeProtobufRequest } from './otlp-traces/decode-protobuf.ts';
export { decodeExportTraceServiceRequest } from './otlp-traces/generated/otlp-decode.ts';
export { mapExport } from './otlp-traces/map-export.ts';
export { collectSpans } from './otlp-traces/spans.ts';
export { PriceTable } from './pricing/prices.ts';
export { scoreRowOf } from './scores/rows.ts';

export type TraceRows = { traces: TraceRow[]; observations: ObservationRow[] };

/** The rows an OTLP export is stored as (its unusable spans left out), as the endpoint builds them. */
export function otlpTraceRows(
  body: Buffer,
  encoding: 'protobuf' | 'json',
  prices: PriceTable,
  project = DEFAULT_PROJECT_ID,
): TraceRows {
  const request = encoding === 'protobuf' ? decodeProtobufRequest(body) : decodeJsonRequest(body);
  return rowsOfPieces(project, mapExport(collectSpans(request), Date.now() * 1000).traces, prices);
}

/** The rows a validated batch body is stored as, as POST /v1/l/batch builds them. */
export function batchTraceRows(body: BatchRequest, prices: PriceTable, project = DEFAULT_PROJECT_ID): TraceRows {
  return rowsOfPieces(project, [fromBatch(body)], prices);
}

/** One table's encoded rows, inserted through the database's insert of their format (insertEncoded). */
export type EncodedTable = { table: string; encoding: TableEncoding; bytes: Buffer };

/**
 * Trace rows per table, in the format the service inserts them in (RowBinary, the tables'
 * declared encodings), or as the TabSeparated text of the version before it and of older log records.
 */
export function encodeTraceRows(rows: TraceRows, format: RowFormat = 'RowBinary'): EncodedTable[] {
  if (format === 'TabSeparated')
    return [
      {
        table: TABLES.observationPieces,
        encoding: { columns: OBSERVATION_COLUMNS, format },
        bytes: encodeObservationsTsv(rows.observations),
      },
      { table: TABLES.traces, encoding: { columns: TRACE_COLUMNS, format }, bytes: encodeTracesTsv(rows.traces) },
    ];
  return [
    {
      table: TABLES.observationPieces,
      encoding: OBSERVATION_PIECES_ENCODING,
      bytes: encodeObservationsRowBinary(rows.observations),
    },
    { table: TABLES.traces, encoding: TRACES_ENCODING, bytes: encodeTracesRowBinary(rows.traces) },
  ];
}

/** Inserts one table's encoded rows as the service's writer does (ClickHouseWriter), straight into `db`. */
export function insertEncoded(db: Db, { table, encoding, bytes }: EncodedTable): Promise<void> {
  return encoding.format === 'RowBinary'
    ? db.insertRowBinary({ table, columns: encoding.columns, types: encoding.types, data: bytes })
    : db.insertText({ table, columns: [...encoding.columns], format: encoding.format, text: bytes });
}
