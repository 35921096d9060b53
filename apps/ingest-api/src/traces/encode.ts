import { TABLES } from '@spanhouse/db';
import type { TableRows } from '../ingest/ingestor.ts';
import { LineBytes } from '../tsv/line-bytes.ts';
import type { ObservationRow, TraceRow } from './rows.ts';

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

/**
 * A String field of a TabSeparated line. Most fields need no escape, which four `includes` find
 * out cheaply on long texts (the JSON IO and metadata). JSON text of IO often holds backslashes
 * (escaped quotes, newlines); chained `replaceAll`s escape it, backslash first so the escapes
 * added after it stay single.
 */
export function tsvField(s: string): string {
  return s.includes('\\') || s.includes('\t') || s.includes('\n') || s.includes('\r')
    ? s.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : s;
}

const QUOTE_SPECIAL_ALL = /[\\'\t\n\r\0]/g;
const QUOTE_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\0': '\\0',
};

/** A string as a single-quoted ClickHouse literal (inside tuples, arrays, maps). */
export function quoted(s: string): string {
  const plain =
    !s.includes('\\') &&
    !s.includes("'") &&
    !s.includes('\t') &&
    !s.includes('\n') &&
    !s.includes('\r') &&
    !s.includes('\0');
  return plain ? `'${s}'` : `'${s.replace(QUOTE_SPECIAL_ALL, (c) => QUOTE_ESCAPES[c]!)}'`;
}

/** A number column: the shortest text that reads back as the same double. */
const num = (n: number) => String(n);

export const OBSERVATION_COLUMNS: [string, ...string[]] = [
  'trace_id',
  'id',
  'version',
  'type',
  'name',
  'start_time',
  'end_time',
  'parent_id',
  'model',
  'environment',
  'input',
  'output',
  'metadata',
  'usage_input',
  'usage_output',
  'usage_total',
  'cost',
];

export function encodeObservationsTsv(rows: readonly ObservationRow[]): Buffer {
  const out = new LineBytes(rows.length * 768);
  for (let i = 0; i < rows.length; i++) {
    const o = rows[i]!;
    out.line(
      `${tsvField(o.trace_id)}\t${tsvField(o.id)}\t${o.version}\t${tsvField(o.type)}\t${tsvField(o.name)}\t` +
        `${o.start_time}\t${o.end_time === null ? '\\N' : o.end_time}\t` +
        `${o.parent_id === null ? '\\N' : tsvField(o.parent_id)}\t${tsvField(o.model)}\t${tsvField(o.environment)}\t` +
        `${tsvField(o.input)}\t${tsvField(o.output)}\t${tsvField(o.metadata)}\t` +
        `${num(o.usage_input)}\t${num(o.usage_output)}\t${num(o.usage_total)}\t${num(o.cost)}\n`,
    );
  }
  return out.bytes();
}

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
  'obs',
];

const versioned = (v: [number, string]) => `(${v[0]},${quoted(v[1])})`;

function tagsText(tags: readonly string[]): string {
  if (tags.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < tags.length; i++) out += (i === 0 ? '' : ',') + quoted(tags[i]!);
  return `${out}]`;
}

function metadataText(metadata: TraceRow['metadata']): string {
  let out = '{';
  let first = true;
  for (const key in metadata) {
    const [version, value] = metadata[key]!;
    out += `${first ? '' : ','}${quoted(key)}:(${version},${quoted(value)})`;
    first = false;
  }
  return `${out}}`;
}

function obsText(obs: TraceRow['obs']): string {
  let out = '{';
  let first = true;
  for (const id in obs) {
    const o = obs[id]!;
    out +=
      `${first ? '' : ','}${quoted(id)}:(${o.version},${quoted(o.model)},${num(o.usage_input)},` +
      `${num(o.usage_output)},${num(o.usage_total)},${num(o.cost)},${o.start_us},${o.end_us})`;
    first = false;
  }
  return `${out}}`;
}

export function encodeTracesTsv(rows: readonly TraceRow[]): Buffer {
  const out = new LineBytes(rows.length * 2048);
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!;
    out.line(
      `${tsvField(t.id)}\t${t.timestamp}\t${versioned(t.name)}\t${versioned(t.user_id)}\t` +
        `${versioned(t.session_id)}\t${versioned(t.release)}\t${versioned(t.version)}\t` +
        `${versioned(t.environment)}\t${versioned(t.input)}\t${versioned(t.output)}\t` +
        `${tagsText(t.tags)}\t${metadataText(t.metadata)}\t${obsText(t.obs)}\n`,
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
    [TABLES.observations]: { bytes: encodeObservationsTsv(observations), rows: observations.length },
    [TABLES.traces]: { bytes: encodeTracesTsv(traces), rows: traces.length },
  };
}
