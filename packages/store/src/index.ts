import { TABLES } from '@spanhouse/db/tables';
import type { TableEncoding } from './encoded.ts';
import { METRIC_NONFINITE_ENCODING, METRIC_SAMPLES_ENCODING } from './metric-samples.ts';
import { METRIC_SERIES_ENCODING } from './metric-series.ts';
import { OBSERVATION_PIECES_ENCODING } from './observation-pieces.ts';
import { OBSERVATION_TRACES_ENCODING } from './observation-traces.ts';
import { SCORES_ENCODING } from './scores.ts';
import { TRACE_DELETIONS_ENCODING } from './trace-deletions.ts';
import { TRACES_ENCODING } from './traces.ts';

export { TABLES } from '@spanhouse/db/tables';
export * from './api-keys.ts';
export * from './encoded.ts';
export * from './json-text.ts';
export * from './lifecycle.ts';
export * from './metric-minutes.ts';
export * from './metric-samples.ts';
export * from './metric-series.ts';
export * from './observation-pieces.ts';
export * from './observation-traces.ts';
export * from './project.ts';
export * from './projects.ts';
export { RowBytes } from './row-binary/row-bytes.ts';
export * from './score-configs.ts';
export * from './scores.ts';
export * from './search-text.ts';
export * from './series-deletions.ts';
export * from './trace-day-writes.ts';
export * from './trace-deletions.ts';
export * from './trace-document-time.ts';
export * from './trace-filter.ts';
export * from './trace-rewrites.ts';
export * from './traces.ts';
export { quoted, tsvField } from './tsv/fields.ts';
export { LineBytes } from './tsv/line-bytes.ts';
export * from './versioned.ts';
export * from './write-notices.ts';

/** Every table ingest writes, with how its encoded rows are laid out (the writer's and the log's view). */
export const WRITTEN_TABLES: Readonly<Record<string, TableEncoding>> = {
  [TABLES.traces]: TRACES_ENCODING,
  [TABLES.observationPieces]: OBSERVATION_PIECES_ENCODING,
  [TABLES.observationTraces]: OBSERVATION_TRACES_ENCODING,
  [TABLES.scores]: SCORES_ENCODING,
  [TABLES.metricSeries]: METRIC_SERIES_ENCODING,
  [TABLES.metricSamples]: METRIC_SAMPLES_ENCODING,
  [TABLES.metricNonFinite]: METRIC_NONFINITE_ENCODING,
  [TABLES.traceDeletions]: TRACE_DELETIONS_ENCODING,
};

/**
 * The order readers can count on across tables (the writer's `insertAfter`): a trace's row, which
 * lists its observation ids, is inserted only after the observation pieces of the same requests,
 * so a trace found in a list or by id is readable with its observations. The tables that fold a
 * trace's rows insert a record's rows only after the tombstones of the records up to it, whose
 * insert deletes the deleted traces' rows (decision 0085): nothing written after a deletion is
 * inserted before that. Other tables insert independently (an observation's trace link, which
 * only ingest reads, as soon as it can).
 */
export const INSERT_AFTER: Readonly<Record<string, readonly string[]>> = {
  [TABLES.traces]: [TABLES.observationPieces, TABLES.traceDeletions],
  [TABLES.observationPieces]: [TABLES.traceDeletions],
  [TABLES.scores]: [TABLES.traceDeletions],
};
