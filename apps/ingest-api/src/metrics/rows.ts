import { microsToCh } from '@spanhouse/schema';
import { quoted, tsvField } from '../tsv/fields.ts';
import { LineBytes } from '../tsv/line-bytes.ts';
import type { DecodedBatch } from './decode.ts';
import type { KnownSeries } from './known-series.ts';

/** A row of the samples table (clickhouse/0002_metrics.sql). */
export type SampleRow = { name: string; series_id: string; ts: string; value: number };
/** A row of the series table. */
export type SeriesRow = { name: string; series_id: string; labels: Record<string, string> };

export type MetricRows = {
  samples: SampleRow[];
  /** Series whose row is not known to be stored yet. */
  series: SeriesRow[];
  /** Call once every row above is committed: their series rows need not be sent again. */
  markStored: () => void;
};

const NO_LABELS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Maps a decoded batch to rows. Pure apart from `known`, which only memoizes. */
export function buildMetricRows(batch: DecodedBatch, known: KnownSeries): MetricRows {
  const { points, us } = batch;
  const samples: SampleRow[] = new Array(points.length);
  const series: SeriesRow[] = [];
  const pending = new Set<{ stored: boolean }>();
  let lastUs = -1;
  let lastTs = '';
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const labels = p.labels ?? NO_LABELS;
    const entry = known.lookup(p.name, labels);
    if (!entry.stored && !pending.has(entry)) {
      pending.add(entry);
      series.push({ name: p.name, series_id: entry.id, labels });
    }
    if (us[i] !== lastUs) {
      lastUs = us[i]!;
      lastTs = microsToCh(lastUs);
    }
    samples[i] = { name: p.name, series_id: entry.id, ts: lastTs, value: p.value };
  }
  return {
    samples,
    series,
    markStored: () => {
      for (const e of pending) e.stored = true;
    },
  };
}

/** Columns of a TabSeparated series line, in order. */
export const SERIES_COLUMNS: [string, ...string[]] = ['name', 'series_id', 'labels'];

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
    out.line(`${tsvField(r.name)}\t${r.series_id}\t${labels}}\n`);
  }
  return out.bytes();
}

/** Columns of a TabSeparated line of metric_nonfinite_samples (clickhouse/0009), in order. */
export const NONFINITE_COLUMNS: [string, ...string[]] = ['name', 'series_id', 'ts', 'value', 'stale'];

/** Columns of a TabSeparated samples line, in order. */
export const SAMPLE_COLUMNS: [string, ...string[]] = ['name', 'series_id', 'ts', 'value'];

/**
 * Sample rows as TabSeparated text (what the ingest buffer sends to ClickHouse). ids and times
 * are digits; `String(value)` is the shortest text that reads back as the same double; names are
 * escaped (backslash, tab, newline, carriage return), once per distinct name.
 */
export function encodeSamplesTsv(rows: readonly SampleRow[]): string {
  const parts: string[] = new Array(rows.length);
  let lastName: string | undefined;
  let escaped = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.name !== lastName) {
      lastName = r.name;
      escaped = escapeTsv(r.name);
    }
    parts[i] = `${escaped}\t${r.series_id}\t${r.ts}\t${r.value}\n`;
  }
  return parts.join('');
}

export function escapeTsv(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}
