import { TABLES } from '@spanhouse/db/tables';
import type { TableEncoding, TableRows } from './encoded.ts';
import { quoted, tsvField } from './tsv/fields.ts';
import { LineBytes } from './tsv/line-bytes.ts';

/*
 * `metric_series_v2` (clickhouse/0002, 0021): one row per series of a project (name, labels, id =
 * the first 8 bytes of SHA-256 of the name and sorted labels, and of the project but for the default), re-sent rows collapsed by the engine. Writer: SeriesRow,
 * encodeSeries. Reader: decodeLabels, the stored label map as it is (empty values included); how
 * each API views a label with an empty value is the metric-series reader's rule (query API).
 */

/** Row of `metric_series`. */
export type SeriesRow = { project_id: string; name: string; series_id: string; labels: Record<string, string> };

/** Columns of a series line, in order. */
export const SERIES_COLUMNS: [string, ...string[]] = ['project_id', 'name', 'series_id', 'labels'];

export const METRIC_SERIES_ENCODING: TableEncoding = { columns: SERIES_COLUMNS, format: 'TabSeparated' };

/** Series rows as TabSeparated lines; the labels as a Map literal (`{'k':'v'}`), in the order given. */
export function encodeSeriesTsv(rows: readonly SeriesRow[]): Buffer {
  const out = new LineBytes(rows.length * 256);
  for (const r of rows) {
    let labels = '{';
    let first = true;
    for (const k of Object.keys(r.labels)) {
      labels += `${first ? '' : ','}${quoted(k)}:${quoted(r.labels[k]!)}`;
      first = false;
    }
    // The Map literal is written as is: its quoting escapes tabs and newlines, as for every composite field.
    out.line(`${tsvField(r.project_id)}\t${tsvField(r.name)}\t${r.series_id}\t${labels}}\n`);
  }
  return out.bytes();
}

/** Series rows as the writer takes them. */
export function encodeSeries(rows: readonly SeriesRow[]): TableRows {
  return { [TABLES.metricSeries]: { bytes: encodeSeriesTsv(rows), rows: rows.length } };
}

/**
 * A stored label map as read (JSON object of strings), every pair kept, into a label set without
 * a prototype (any string is a valid label name, `__proto__` included).
 */
export function decodeLabels(x: unknown): Record<string, string> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('labels: expected a map');
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(x)) out[k] = String(v);
  return out;
}
