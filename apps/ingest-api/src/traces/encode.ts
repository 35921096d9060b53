import { TABLES } from '@spanhouse/db';
import type { Ingestor, TableEncoder } from '../buffer/ingestor.ts';
import { LineBytes } from '../buffer/line-bytes.ts';
import type { ObservationRow, TraceRow, Versioned } from './rows.ts';
import { quoted, tsvField } from './tsv.ts';

export { quoted, tsvField };

/*
 * Trace and observation rows as TabSeparated text, in UTF-8 bytes, for the ingest buffer
 * (Ingestor.encodeWith), the way metric samples are written. chDB parses TabSeparated faster than JSONEachRow, and building
 * the text costs the ingest thread less than the client's per-row JSON.stringify (see
 * scripts/ingest-load.ts for the measurement). The rows stay the objects buildTraceRows returns,
 * so anything that inserts them as JSONEachRow (tests, the bench loader) keeps working.
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

/*
 * Rows are encoded when their request arrives, not when the buffer flushes: a request then hands
 * the buffer one byte buffer per table instead of thousands of row objects, and while it waits for
 * its commit (hundreds of milliseconds under load) the garbage collector has nothing of it to copy
 * from young to old space. Under load that copying was a fifth of the ingest thread's time.
 * The buffer still counts rows: the bytes stand in the first row, markers fill the others.
 */
class EncodedText {
  constructor(readonly bytes: Buffer) {}
}
/** A row whose text is in an EncodedText before it. */
const ENCODED: object = Object.freeze({});

/** `count` buffer rows holding `bytes`, the TabSeparated lines of `count` rows. */
export function encodedRows(bytes: Buffer, count: number): object[] {
  if (count === 0) return [];
  const rows: object[] = new Array(count).fill(ENCODED);
  rows[0] = new EncodedText(bytes);
  return rows;
}

/** A request's trace rows as the ingest buffer takes them (Ingestor.submit). */
export function traceRowsForSubmit(observations: readonly ObservationRow[], traces: readonly TraceRow[]) {
  return {
    [TABLES.observations]: encodedRows(encodeObservationsTsv(observations), observations.length),
    [TABLES.traces]: encodedRows(encodeTracesTsv(traces), traces.length),
  };
}

/** A flush's text: encoded requests as they are, and row objects submitted as such, encoded now. */
export function flushText<Row>(rows: object[], encode: (rows: Row[]) => Buffer): Buffer {
  const parts: Buffer[] = [];
  let plain: Row[] = [];
  for (const row of rows) {
    if (row === ENCODED) continue;
    if (row instanceof EncodedText) {
      if (plain.length > 0) {
        parts.push(encode(plain));
        plain = [];
      }
      parts.push(row.bytes);
    } else {
      plain.push(row as Row);
    }
  }
  if (plain.length > 0) parts.push(encode(plain));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** The encoders of the two trace tables, for Ingestor.encodeWith. */
export function traceTableEncoders(): Record<string, TableEncoder> {
  return {
    [TABLES.observations]: {
      format: 'TabSeparated',
      columns: OBSERVATION_COLUMNS,
      encode: (rows) => flushText(rows, encodeObservationsTsv),
    },
    [TABLES.traces]: {
      format: 'TabSeparated',
      columns: TRACE_COLUMNS,
      encode: (rows) => flushText(rows, encodeTracesTsv),
    },
  };
}

/**
 * A table written as TabSeparated encoded at request time: its rows as Ingestor.submit takes them,
 * and the encoder to register (Ingestor.encodeWith) when a route that writes it is built.
 */
export function tsvTable<Row>(table: string, columns: [string, ...string[]], encode: (rows: readonly Row[]) => Buffer) {
  return {
    rowsForSubmit: (rows: readonly Row[]): Record<string, object[]> => ({
      [table]: encodedRows(encode(rows), rows.length),
    }),
    use: (ingestor: Pick<Ingestor, 'encodeWith'>): void =>
      ingestor.encodeWith(table, { format: 'TabSeparated', columns, encode: (rows) => flushText(rows, encode) }),
  };
}

/**
 * Writes the trace tables as TabSeparated from now on. Every route that submits trace rows calls
 * this when it is built (before its first request), so the format never depends on which route
 * registered first; registering twice is harmless.
 */
export function useTraceEncoders(ingestor: Pick<Ingestor, 'encodeWith'>): void {
  for (const [table, encoder] of Object.entries(traceTableEncoders())) ingestor.encodeWith(table, encoder);
}
