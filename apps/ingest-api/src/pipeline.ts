import { type BatchRequest, DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import {
  encodeObservationsTsv,
  encodeTracesTsv,
  OBSERVATION_COLUMNS,
  type ObservationRow,
  TABLES,
  TRACE_COLUMNS,
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

/** Trace rows as the TabSeparated text the service inserts, per table with its columns. */
export function encodeTraceRows(rows: TraceRows) {
  return [
    { table: TABLES.observationPieces, columns: OBSERVATION_COLUMNS, text: encodeObservationsTsv(rows.observations) },
    { table: TABLES.traces, columns: TRACE_COLUMNS, text: encodeTracesTsv(rows.traces) },
  ];
}
