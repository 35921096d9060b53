import type { LogChunk } from '@spanhouse/ingest-log';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { escapeTsv, TABLES } from '@spanhouse/store';

/**
 * The tables a log written before projects (clickhouse/0021) names, and the tables their rows go
 * to now. Such a log is replayed after the upgrade: acknowledged rows are never dropped.
 */
const TABLE_BEFORE_PROJECTS: Record<string, string> = {
  traces: TABLES.traces,
  observation_pieces: TABLES.observationPieces,
  observation_traces: TABLES.observationTraces,
  scores: TABLES.scores,
  metric_series: TABLES.metricSeries,
  metric_samples: TABLES.metricSamples,
  metric_nonfinite_samples: TABLES.metricNonFinite,
};

const FIELD = Buffer.from(`${escapeTsv(DEFAULT_PROJECT_ID)}\t`);

/**
 * A chunk as it is inserted now: a chunk written before projects names a table by its old name and
 * has no project column; its rows were all the default project's, so it goes to the table's new
 * name with the default project as the first field of every TabSeparated line. A current chunk is returned as it is.
 */
export function chunkWithProject(chunk: LogChunk): LogChunk {
  const table = TABLE_BEFORE_PROJECTS[chunk.table];
  if (table === undefined || chunk.columns[0] === 'project_id') return chunk;
  const data = chunk.data;
  let lines = 0;
  for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) lines++;
  if (data.length > 0 && data[data.length - 1] !== 10) lines++;
  const out = Buffer.allocUnsafe(data.length + lines * FIELD.length);
  let at = 0;
  let start = 0;
  while (start < data.length) {
    const end = data.indexOf(10, start);
    const stop = end < 0 ? data.length : end + 1;
    at += FIELD.copy(out, at);
    at += Buffer.from(data.buffer, data.byteOffset + start, stop - start).copy(out, at);
    start = stop;
  }
  return { ...chunk, table, columns: ['project_id', ...chunk.columns], data: out.subarray(0, at) };
}
