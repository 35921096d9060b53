// Worker: turns a range of trace indexes into JSONEachRow text for `traces` and `observations`,
// so generation and row building run beside the inserts instead of before them.
import { parentPort } from 'node:worker_threads';
import { encodeScoresTsv } from '@spanhouse/ingest-api/pipeline';
import { generateTrace, type TraceSpec } from '../gen/traces.ts';
import { rowsOf } from './rows.ts';

export type NdjsonJob = { spec: TraceSpec; project: string; from: number; to: number };
/** NDJSON as bytes: transferred, not copied, and kept off the main thread's JS heap. */
export type NdjsonResult = {
  from: number;
  to: number;
  traces: Uint8Array;
  observations: Uint8Array;
  /** Scores as TabSeparated (their times are microseconds, which JSONEachRow would read as seconds). */
  scores: Uint8Array;
  rows: number;
  scoreRows: number;
};

const ndjson = (rows: object[]) => new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join('\n'));

parentPort?.on('message', (job: NdjsonJob) => {
  const gen = [];
  for (let i = job.from; i < job.to; i++) gen.push(generateTrace(job.spec, i));
  const rows = rowsOf(gen, job.project);
  const result: NdjsonResult = {
    from: job.from,
    to: job.to,
    traces: ndjson(rows.traces),
    observations: ndjson(rows.observations),
    scores: new Uint8Array(encodeScoresTsv(rows.scores)),
    rows: rows.observations.length,
    scoreRows: rows.scores.length,
  };
  parentPort?.postMessage(result, [
    result.traces.buffer as ArrayBuffer,
    result.observations.buffer as ArrayBuffer,
    result.scores.buffer as ArrayBuffer,
  ]);
});
