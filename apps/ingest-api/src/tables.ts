import { TABLES } from '@spanhouse/db';
import { OBSERVATION_TRACE_COLUMNS } from './langfuse-ingestion/lookups.ts';
import { NONFINITE_COLUMNS, SAMPLE_COLUMNS, SERIES_COLUMNS } from './metrics/rows.ts';
import { SCORE_COLUMNS } from './scores/encode.ts';
import { OBSERVATION_COLUMNS, TRACE_COLUMNS } from './traces/encode.ts';

/** Every table ingest writes, with the columns its encoded lines hold: given to the Ingestor when it is built. */
export const INGEST_TABLES: Readonly<Record<string, readonly string[]>> = {
  [TABLES.traces]: TRACE_COLUMNS,
  [TABLES.observationPieces]: OBSERVATION_COLUMNS,
  [TABLES.observationTraces]: OBSERVATION_TRACE_COLUMNS,
  [TABLES.scores]: SCORE_COLUMNS,
  [TABLES.metricSeries]: SERIES_COLUMNS,
  [TABLES.metricSamples]: SAMPLE_COLUMNS,
  [TABLES.metricNonFinite]: NONFINITE_COLUMNS,
};
