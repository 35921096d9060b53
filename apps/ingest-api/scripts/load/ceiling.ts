// The direct-insert ceiling: the rows the service would store for the same exports (built by the
// service's own mapping: decode, collectSpans, mapExport, buildTraceRows), inserted straight into
// ClickHouse on the writer connection, as fast as it takes them: TabSeparated through Db.insertText
// (the service's path), or JSONEachRow through @clickhouse/client. Rows are built before the clock
// starts, so only encoding and inserting are timed.
import { rmSync } from 'node:fs';
import { migrate, openDb, TABLES } from '@spanhouse/db';
import { decodeProtobufRequest } from '../../src/otlp/decode-protobuf.ts';
import { mapExport } from '../../src/otlp/map-export.ts';
import { collectSpans } from '../../src/otlp/spans.ts';
import { PriceTable } from '../../src/pricing/prices.ts';
import { INGEST_TABLES } from '../../src/tables.ts';
import { encodeObservationsTsv, encodeTracesTsv } from '../../src/traces/encode.ts';
import { buildTraceRows, nextVersion, type ObservationRow, type TraceRow } from '../../src/traces/rows.ts';
import { freshBody, type Template } from './fixture.ts';

type Batch = { observations: object[]; traces: object[] };

export type CeilingResult = {
  variant: string;
  spansPerSec: number;
  seconds: number;
  spans: number;
  cpuUsPerSpan: number;
};

function buildBatches(templates: Template[], batchRows: number, count: number): Batch[] {
  const prices = PriceTable.load();
  const nonce = (Date.now() / 1000) >>> 0;
  const batches: Batch[] = [];
  let counter = 1;
  for (let b = 0; b < count; b++) {
    const batch: Batch = { observations: [], traces: [] };
    while (batch.observations.length < batchRows) {
      const t = templates[counter % templates.length]!;
      const mapped = mapExport(collectSpans(decodeProtobufRequest(freshBody(t, nonce, counter))), Date.now() * 1000);
      counter += t.idOffsets.length;
      for (const { piece, observations } of mapped.traces) {
        const rows = buildTraceRows(piece, observations, prices, nextVersion());
        for (const o of rows.observations) batch.observations.push(o);
        batch.traces.push(rows.trace);
      }
    }
    batches.push(batch);
  }
  return batches;
}

/**
 * Inserts the batches round and round for `seconds`, each batch's two tables concurrently as the
 * service's two buffers do. Variants: JSONEachRow row objects (the client serializes them) and
 * the service's TabSeparated encoders (encoding timed), and the same text encoded beforehand.
 */
export async function runCeiling(opts: {
  dataDir: string;
  templates: Template[];
  batchRows: number;
  seconds: number;
  variants: string[];
  log: (line: string) => void;
}): Promise<CeilingResult[]> {
  rmSync(opts.dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir: opts.dataDir, database: 'spanhouse', readers: 1 });
  await migrate(db);
  const batches = buildBatches(opts.templates, opts.batchRows, 4);
  // The service's own insert path (on chDB its raw insert), so the ceiling is the engine's best.
  const tsv = (table: string, text: string | Buffer) =>
    db.insertText({ table, text, format: 'TabSeparated', columns: INGEST_TABLES[table] as [string, ...string[]] });
  const pre = batches.map((b) => ({
    observations: encodeObservationsTsv(b.observations as ObservationRow[]),
    traces: encodeTracesTsv(b.traces as TraceRow[]),
  }));
  const inserts: Record<string, (i: number) => Promise<unknown>> = {
    jsoneachrow: (i) =>
      Promise.all([
        db.writer.insert({ table: TABLES.observations, values: batches[i]!.observations, format: 'JSONEachRow' }),
        db.writer.insert({ table: TABLES.traces, values: batches[i]!.traces, format: 'JSONEachRow' }),
      ]),
    tsv: (i) =>
      Promise.all([
        tsv(TABLES.observations, encodeObservationsTsv(batches[i]!.observations as ObservationRow[])),
        tsv(TABLES.traces, encodeTracesTsv(batches[i]!.traces as TraceRow[])),
      ]),
    'tsv-preencoded': (i) =>
      Promise.all([tsv(TABLES.observations, pre[i]!.observations), tsv(TABLES.traces, pre[i]!.traces)]),
  };
  const results: CeilingResult[] = [];
  for (const variant of opts.variants) {
    const insert = inserts[variant];
    if (!insert) throw new Error(`unknown ceiling variant ${variant}; one of ${Object.keys(inserts).join(', ')}`);
    await insert(0); // warm up
    let spans = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; performance.now() - t0 < opts.seconds * 1000; i = (i + 1) % batches.length) {
      await insert(i);
      spans += batches[i]!.observations.length;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const r = { variant, spansPerSec: spans / seconds, seconds, spans, cpuUsPerSpan: (cpu.user + cpu.system) / spans };
    opts.log(
      `ceiling ${variant}: ${Math.round(r.spansPerSec).toLocaleString('en-US')} spans/s ` +
        `(${opts.batchRows} rows per insert; CPU ${r.cpuUsPerSpan.toFixed(1)} us per span, all threads)`,
    );
    results.push(r);
  }
  await db.close();
  return results;
}
