// The direct-insert ceiling: the rows the service would store for the same exports (built by the
// service's own mapping, @spanhouse/ingest-api/pipeline), encoded as the service encodes them and
// inserted straight into chDB through the service's insert path (Db.insertText), as fast as it
// takes them. Rows are built before the clock starts, so only encoding and inserting are timed.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { migrate, openDb } from '@spanhouse/db';
import {
  encodeTraceRows,
  insertEncoded,
  otlpTraceRows,
  PriceTable,
  type TraceRows,
} from '@spanhouse/ingest-api/pipeline';
import type { RowFormat } from '@spanhouse/store';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { freshBody, protobufTemplate, type Template } from './otlp-fixture.ts';

export type CeilingResult = { spansPerSec: number; seconds: number; spans: number; cpuUsPerSpan: number };

export function buildBatches(templates: Template[], batchRows: number, count: number): TraceRows[] {
  const prices = PriceTable.load();
  const nonce = (Date.now() / 1000) >>> 0;
  const batches: TraceRows[] = [];
  let counter = 1;
  for (let b = 0; b < count; b++) {
    const batch: TraceRows = { observations: [], traces: [] };
    while (batch.observations.length < batchRows) {
      const t = templates[counter % templates.length]!;
      const rows = otlpTraceRows(freshBody(t, nonce, counter), 'protobuf', prices);
      counter += t.idOffsets.length;
      for (const o of rows.observations) batch.observations.push(o);
      for (const tr of rows.traces) batch.traces.push(tr);
    }
    batches.push(batch);
  }
  return batches;
}

/**
 * Inserts the batches round and round for `seconds`, each batch's two tables concurrently as the
 * service's two buffers do, encoding each batch as it goes (as a flush does).
 */
export async function runCeiling(opts: {
  dataDir: string;
  templates: Template[];
  batchRows: number;
  seconds: number;
  log: (line: string) => void;
  /** The rows' format (default the service's: RowBinary). */
  format?: RowFormat;
}): Promise<CeilingResult> {
  rmSync(opts.dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir: opts.dataDir, database: 'spanhouse', readers: 1 });
  try {
    await migrate(db);
    const batches = buildBatches(opts.templates, opts.batchRows, 4);
    const insert = (rows: TraceRows) =>
      Promise.all(encodeTraceRows(rows, opts.format).map((encoded) => insertEncoded(db, encoded)));
    await insert(batches[0]!); // warm up
    let spans = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; performance.now() - t0 < opts.seconds * 1000; i = (i + 1) % batches.length) {
      await insert(batches[i]!);
      spans += batches[i]!.observations.length;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const r = { spansPerSec: spans / seconds, seconds, spans, cpuUsPerSpan: (cpu.user + cpu.system) / spans };
    opts.log(
      `ceiling${opts.format ? ` (${opts.format})` : ''}: ${Math.round(r.spansPerSec).toLocaleString('en-US')} spans/s ` +
        `(${opts.batchRows} rows per insert; CPU ${r.cpuUsPerSpan.toFixed(1)} us per span, all threads)`,
    );
    return r;
  } finally {
    await db.close();
  }
}

const smokeExportCeilings = new Map<number, Promise<CeilingResult>>();

/**
 * The ceiling both ingest suites compare against: the rows of OTLP protobuf exports of
 * `tracesPerExport` traces (8 templates), inserted in 20k-row batches for `opts.ingestSeconds`,
 * in `<dir>/<folder>`. A full run measures it in each suite, beside that suite's own load; a smoke
 * run (CI checks that the suites run, not their figures) measures it once per export size and
 * both suites report that figure.
 */
export function exportCeiling(opts: BenchOptions, folder: string, tracesPerExport: number): Promise<CeilingResult> {
  const earlier = opts.smoke ? smokeExportCeilings.get(tracesPerExport) : undefined;
  if (earlier) {
    log('ceiling: the figure measured earlier in this smoke run');
    return earlier;
  }
  log('ceiling: the same rows straight into chDB');
  const dataDir = path.join(opts.dir, folder);
  const measured = runCeiling({
    dataDir,
    templates: Array.from({ length: 8 }, (_, i) => protobufTemplate(i + 1, tracesPerExport)),
    batchRows: 20_000,
    seconds: opts.ingestSeconds,
    log,
  }).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  if (opts.smoke) smokeExportCeilings.set(tracesPerExport, measured);
  return measured;
}
