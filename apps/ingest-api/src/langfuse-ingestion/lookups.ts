import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TableRows } from '../log-sink/ingestor.ts';
import { tsvField } from '../tsv/fields.ts';
import { LineBytes } from '../tsv/line-bytes.ts';

/** Row of `observation_traces` (clickhouse/0007): which trace an observation belongs to. */
export type ObservationTraceRow = { id: string; trace_id: string };

export const OBSERVATION_TRACE_COLUMNS: [string, ...string[]] = ['id', 'trace_id'];

function encodeLookupsTsv(rows: readonly ObservationTraceRow[]): Buffer {
  const out = new LineBytes(rows.length * 96);
  for (const r of rows) out.line(`${tsvField(r.id)}\t${tsvField(r.trace_id)}\n`);
  return out.bytes();
}

/** A request's observation lookups as the ingestor takes them (storeRows). */
export function lookupTableRows(rows: readonly ObservationTraceRow[]): TableRows {
  return { [TABLES.observationTraces]: { bytes: encodeLookupsTsv(rows), rows: rows.length } };
}

/** The traces of observations created through the ingestion API, by observation id. */
export async function traceIdsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const p = new ParamBuilder();
  const rows = await queryRows(db, {
    sql: `SELECT id, any(trace_id) AS trace_id FROM ${TABLES.observationTraces} WHERE id IN ${p.add(ids, 'Array(String)')} GROUP BY id`,
    params: p.params,
    tag: 'ingestion.observation-traces',
    map: (r) => [String(r.id), String(r.trace_id)] as const,
  });
  return new Map(rows);
}
