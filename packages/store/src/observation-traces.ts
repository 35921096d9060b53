import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import type { TableEncoding, TableRows } from './encoded.ts';
import { fromProject } from './project.ts';
import { tsvField } from './tsv/fields.ts';
import { LineBytes } from './tsv/line-bytes.ts';

/*
 * `observation_traces_v2` (clickhouse/0007, 0021): which trace an observation belongs to, for Langfuse
 * updates that name no trace. Writer: ObservationTraceRow, encodeObservationTraces. Reader:
 * traceIdsSql with fromTraceIdRow.
 */

/** Row of `observation_traces`. */
export type ObservationTraceRow = { project_id: string; id: string; trace_id: string };

export const OBSERVATION_TRACE_COLUMNS: [string, ...string[]] = ['project_id', 'id', 'trace_id'];

export const OBSERVATION_TRACES_ENCODING: TableEncoding = {
  columns: OBSERVATION_TRACE_COLUMNS,
  format: 'TabSeparated',
};

function encodeLookupsTsv(rows: readonly ObservationTraceRow[]): Buffer {
  const out = new LineBytes(rows.length * 96);
  for (const r of rows) out.line(`${tsvField(r.project_id)}\t${tsvField(r.id)}\t${tsvField(r.trace_id)}\n`);
  return out.bytes();
}

/** Observation lookups as the writer takes them. */
export function encodeObservationTraces(rows: readonly ObservationTraceRow[]): TableRows {
  return { [TABLES.observationTraces]: { bytes: encodeLookupsTsv(rows), rows: rows.length } };
}

/** The trace of each of `ids` of the project that has one (a row per id: id, trace_id). */
export const traceIdsSql = (ids: readonly string[], p: ProjectParams) =>
  `SELECT id, any(trace_id) AS trace_id ${fromProject(TABLES.observationTraces, p)} AND id IN ${p.add(ids, 'Array(String)')} GROUP BY id`;

/** One row of traceIdsSql: [observation id, trace id]. */
export const fromTraceIdRow = (r: Record<string, unknown>) => [String(r.id), String(r.trace_id)] as const;
