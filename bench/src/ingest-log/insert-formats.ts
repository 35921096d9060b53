import path from 'node:path';
import { encodeTraceRows, type TraceRows } from '@spanhouse/ingest-api/pipeline';
import type { RowFormat } from '@spanhouse/store';
import { buildBatches, type CeilingResult, runCeiling } from '../ingest/ceiling.ts';
import { protobufTemplate } from '../ingest/otlp-fixture.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { loadAverage } from '../lib/proc.ts';
import { fmt, percentile } from '../lib/stats.ts';

const FORMATS: RowFormat[] = ['TabSeparated', 'RowBinary'];
const TRACES_PER_EXPORT = 10;
const BATCH_ROWS = 20_000;

/** µs of encoding per span (both tables' rows), the best of `repeats` passes over the batches. */
function encodeUsPerSpan(batches: TraceRows[], format: RowFormat, repeats: number): number {
  const spans = batches.reduce((n, b) => n + b.observations.length, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    for (const b of batches) encodeTraceRows(b, format);
    best = Math.min(best, ((performance.now() - t0) * 1000) / spans);
  }
  return best;
}

/**
 * The two insert formats side by side, in process: the rows of OTLP protobuf exports (the
 * service's own mapping) encoded as TabSeparated and as RowBinary (JavaScript time per span), then
 * inserted straight into chDB in 20k-row batches, traces and observation pieces at once, for
 * `--ingest-seconds` per phase, the formats alternating over three rounds, each phase on a fresh
 * data folder: spans/s and the process's CPU per span (every thread: the engine's parsing, its
 * merges and views).
 */
export async function insertFormatsSuite(opts: BenchOptions): Promise<string> {
  const templates = Array.from({ length: 8 }, (_, i) => protobufTemplate(i + 1, TRACES_PER_EXPORT));
  const batches = buildBatches(templates, BATCH_ROWS, 4);
  const encode = Object.fromEntries(FORMATS.map((f) => [f, encodeUsPerSpan(batches, f, opts.smoke ? 2 : 10)]));
  const rounds = opts.smoke ? 1 : 3;
  const measured: Record<string, CeilingResult[]> = { TabSeparated: [], RowBinary: [] };
  for (let round = 0; round < rounds; round++) {
    for (const format of round % 2 === 0 ? FORMATS : [...FORMATS].reverse()) {
      log(`insert formats: round ${round + 1}, ${format} (load average ${loadAverage()})`);
      measured[format]!.push(
        await runCeiling({
          dataDir: path.join(opts.dir, 'insert-formats'),
          templates,
          batchRows: BATCH_ROWS,
          seconds: opts.ingestSeconds,
          log,
          format,
        }),
      );
    }
  }
  const median = (format: RowFormat, pick: (r: CeilingResult) => number) =>
    percentile(measured[format]!.map(pick), 50);
  const row = (label: string, value: (f: RowFormat) => number) => [
    label,
    fmt(value('TabSeparated')),
    fmt(value('RowBinary')),
    `${fmt(value('RowBinary') / value('TabSeparated'))}×`,
  ];
  const each = (f: RowFormat, pick: (r: CeilingResult) => number) => measured[f]!.map((r) => fmt(pick(r))).join(', ');
  return [
    `### Insert formats, in process (OTLP export rows, ${BATCH_ROWS / 1000}k-row inserts, ${opts.ingestSeconds} s per phase, ${rounds} rounds alternating)`,
    '',
    table(
      ['', 'TabSeparated (raw insert)', 'RowBinary (file())', 'RowBinary / TabSeparated'],
      [
        row('encoding, µs of JavaScript per span (both tables)', (f) => encode[f]!),
        row('inserted spans/s, median', (f) => median(f, (r) => r.spansPerSec)),
        row('process CPU per span, µs (all threads), median', (f) => median(f, (r) => r.cpuUsPerSpan)),
      ],
    ),
    '',
    `Each round: TabSeparated ${each('TabSeparated', (r) => r.spansPerSec)} spans/s (${each('TabSeparated', (r) => r.cpuUsPerSpan)} µs); ` +
      `RowBinary ${each('RowBinary', (r) => r.spansPerSec)} spans/s (${each('RowBinary', (r) => r.cpuUsPerSpan)} µs).`,
  ].join('\n');
}
