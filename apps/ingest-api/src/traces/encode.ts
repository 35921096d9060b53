import { TABLES } from '@spanhouse/db';
import type { TableRows } from '../log-sink/ingestor.ts';
import { quoted, tsvField } from '../tsv/fields.ts';
import { LineBytes } from '../tsv/line-bytes.ts';
import type { ObservationRow, TraceRow, Versioned } from './rows.ts';

/*
 * Trace and observation rows as TabSeparated text, in UTF-8 bytes, for the ingestor, the way
 * metric samples are written: ClickHouse parses TabSeparated faster than JSONEachRow, and building
 * the text costs the ingest thread less than a per-row JSON.stringify
 * (docs/decisions/0004-ingest-tabseparated.md). The rows stay the objects
 * buildTraceRows returns, so anything that inserts them as JSONEachRow (tests, the bench loader)
 * keeps working.
 *
 * TabSeparated rules: a field is escaped text (backslash, tab, newline and carriage return as
 * backslash sequences), NULL is \N. Tuples, arrays and maps are written in ClickHouse's literal
 * syntax, strings inside them single-quoted; the quoting escapes tab and newline too, so a
 * composite field never holds a raw separator.
 */

/** A number column: the shortest text that reads back as the same double. */
const num = (n: number) => String(n);

export const OBSERVATION_COLUMNS: [string, ...string[]] = [
  'trace_id',
  'id',
  'type',
  'name',
  'start_time',
  'end_time',
  'parent_id',
  'model',
  'input',
  'output',
  'metadata',
  'usage',
  'cost',
  'fields',
];

/** A (version, text) tuple in ClickHouse literal syntax. */
const versioned = (v: Versioned<string>) => `(${v[0]},${quoted(v[1])})`;
const versionedNum = (v: Versioned<number>) => `(${v[0]},${num(v[1])})`;

/** A Map(String, ...) literal, each value written by `value`. */
function mapText<V>(map: Record<string, V>, value: (v: V) => string): string {
  let out = '{';
  let first = true;
  for (const key in map) {
    out += `${first ? '' : ','}${quoted(key)}:${value(map[key]!)}`;
    first = false;
  }
  return `${out}}`;
}

/** A Map(String, number) literal. */
const numberMap = (map: Record<string, number>) => mapText(map, num);
/** A Map(String, Tuple(UInt64, String)) literal (metadata, rare fields). */
const versionedMap = (map: Record<string, Versioned<string>>) => mapText(map, versioned);

export function encodeObservationsTsv(rows: readonly ObservationRow[]): Buffer {
  const out = new LineBytes(rows.length * 768);
  for (let i = 0; i < rows.length; i++) {
    const o = rows[i]!;
    const m = o.model;
    out.line(
      `${tsvField(o.trace_id)}\t${tsvField(o.id)}\t${versioned(o.type)}\t${versioned(o.name)}\t` +
        `${versionedNum(o.start_time)}\t${versionedNum(o.end_time)}\t${versioned(o.parent_id)}\t` +
        `(${m[0]},${quoted(m[1])},${num(m[2])},${num(m[3])})\t${versioned(o.input)}\t${versioned(o.output)}\t` +
        `${versionedMap(o.metadata)}\t(${o.usage[0]},${numberMap(o.usage[1])})\t` +
        `(${o.cost[0]},${numberMap(o.cost[1])})\t${versionedMap(o.fields)}\n`,
    );
  }
  return out.bytes();
}

/** The trace row's summaries (0004, 0007), computed at ingest (see TraceRow). */
export const SUMMARY_COLUMNS = [
  'obs_count',
  'start_min',
  'end_max',
  'cost_sum',
  'usage_units',
  'price_max',
  'model_obs',
  'model_input',
  'model_output',
  'model_total',
  'model_cost',
] as const;

export const TRACE_COLUMNS: [string, ...string[]] = [
  'id',
  'timestamp',
  'name',
  'user_id',
  'session_id',
  'release',
  'version',
  'environment',
  'input',
  'output',
  'tags',
  'metadata',
  'obs_ids',
  'obs_start',
  'obs_end',
  'obs_model',
  'obs_usage',
  'obs_cost',
  ...SUMMARY_COLUMNS,
];

function tagsText(tags: readonly string[]): string {
  if (tags.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < tags.length; i++) out += (i === 0 ? '' : ',') + quoted(tags[i]!);
  return `${out}]`;
}

/** A Map(String, Tuple(...numbers)) literal of the per-observation summary. */
const tupleMap = (map: Record<string, readonly number[]>) => mapText(map, (t) => `(${t.map(num).join(',')})`);

const modelMap = (map: TraceRow['obs_model']) =>
  mapText(map, (m) => `(${m[0]},${quoted(m[1])},${num(m[2])},${num(m[3])})`);

export function encodeTracesTsv(rows: readonly TraceRow[]): Buffer {
  const out = new LineBytes(rows.length * 2048);
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!;
    out.line(
      `${tsvField(t.id)}\t${t.timestamp}\t${versioned(t.name)}\t${versioned(t.user_id)}\t` +
        `${versioned(t.session_id)}\t${versioned(t.release)}\t${versioned(t.version)}\t` +
        `${versioned(t.environment)}\t${versioned(t.input)}\t${versioned(t.output)}\t` +
        `${tagsText(t.tags)}\t${versionedMap(t.metadata)}\t${tagsText(t.obs_ids)}\t${tupleMap(t.obs_start)}\t` +
        `${tupleMap(t.obs_end)}\t${modelMap(t.obs_model)}\t${tupleMap(t.obs_usage)}\t${tupleMap(t.obs_cost)}\t` +
        `${t.obs_count}\t${t.start_min}\t${t.end_max}\t${num(t.cost_sum)}\t${t.usage_units}\t${num(t.price_max)}\t` +
        `${numberMap(t.model_obs)}\t${numberMap(t.model_input)}\t${numberMap(t.model_output)}\t` +
        `${numberMap(t.model_total)}\t${numberMap(t.model_cost)}\n`,
    );
  }
  return out.bytes();
}

/**
 * A request's trace rows as the ingestor takes them: encoded when the request arrives, so that
 * while it waits for the log nothing of it but bytes stays on the JavaScript heap.
 */
export function traceTableRows(observations: readonly ObservationRow[], traces: readonly TraceRow[]): TableRows {
  return {
    [TABLES.observationPieces]: { bytes: encodeObservationsTsv(observations), rows: observations.length },
    [TABLES.traces]: { bytes: encodeTracesTsv(traces), rows: traces.length },
  };
}
