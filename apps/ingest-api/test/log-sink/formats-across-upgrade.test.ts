import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { segmentName, WriteAheadLog } from '@spanhouse/ingest-log';
import { encodeRecordV1 } from '@spanhouse/ingest-log/testing';
import {
  encodeObservationPieces,
  encodeObservationsTsv,
  encodeTraces,
  encodeTracesTsv,
  OBSERVATION_COLUMNS,
  type ObservationRow,
  TRACE_COLUMNS,
  type TraceRow,
} from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPipeline } from './log-pipeline.ts';

/*
 * An upgrade with acknowledged rows still in the log: the version before wrote TabSeparated chunks
 * in version 1 records; this version starts on that log, replays it, and appends its own rows
 * (RowBinary, version 2 records) to the same log. Every row is inserted, and a row written each way
 * is stored the same.
 */

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await openTestDb('formats_upgrade');
  dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-upgrade-log-'));
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = 'héllo\t"wörld"\n\\ 日本語 💥 \0 \u0080';
const observation = (id: string): ObservationRow => ({
  project_id: 'spanhouse',
  trace_id: 'upgrade-trace',
  id,
  type: [5, 'GENERATION'],
  name: [5, text],
  start_time: [5, 1_772_359_200_000_000],
  end_time: [5, 1_772_359_201_500_000],
  parent_id: [0, ''],
  model: [5, 'gpt-4o', 2.5e-6, 1e-5],
  input: [5, JSON.stringify({ messages: [{ role: 'user', content: text }] })],
  output: [5, JSON.stringify(text)],
  metadata: { key: [5, '"v"'], [text]: [5, '1'] },
  usage: [5, { input: 1200, output: 300, total: 1500 }],
  cost: [5, { total: Number.NaN, input: 0.003 }],
  fields: { level: [5, 'DEFAULT'] },
});
const trace = (id: string): TraceRow => ({
  project_id: 'spanhouse',
  id,
  timestamp: '1772359200.000000',
  name: [5, text],
  user_id: [5, 'u-1'],
  session_id: [0, ''],
  release: [0, ''],
  version: [0, ''],
  environment: [5, 'prod'],
  input: [5, '{}'],
  output: [0, ''],
  tags: ['a', text],
  metadata: { m: [5, '"x"'] },
  obs_ids: ['o1'],
  obs_start: { o1: [5, 1_772_359_200_000_000] },
  obs_end: { o1: [5, 1_772_359_201_500_000] },
  obs_model: { o1: [5, 'gpt-4o', 2.5e-6, 1e-5] },
  obs_usage: { o1: [5, 1200, 300, 1500] },
  obs_cost: {},
  // As the old records' rows store it (from obs_usage), so that both rows are stored the same.
  obs_usage_kinds: { o1: [5, 1200, 300] },
  obs_count: 1,
  start_min: 1_772_359_200_000_000,
  end_max: 1_772_359_201_500_000,
  cost_sum: 0.006,
  usage_units: 1500,
  price_max: 1e-5,
  model_obs: { 'gpt-4o': 1 },
  model_input: { 'gpt-4o': 1200 },
  model_output: { 'gpt-4o': 300 },
  model_total: { 'gpt-4o': 1500 },
  model_cost: { 'gpt-4o': 0.006 },
});

/** The stored rows of `table` with the given ids, by id, but what tells them apart (id, written time). */
async function stored(table: string, ids: string[]): Promise<Record<string, string>> {
  const rs = await db.writer.query({
    query: `SELECT id, toJSONString(tuple(* EXCEPT (id, written_us))) AS row FROM ${table} WHERE id IN {ids:Array(String)}`,
    query_params: { ids },
    format: 'JSONEachRow',
  });
  const rows = (await rs.json()) as { id: string; row: string }[];
  return Object.fromEntries(rows.map((r) => [r.id, r.row]));
}

/** One value of a stored row, as text. */
async function column(table: string, id: string, expr: string): Promise<string> {
  const rs = await db.writer.query({
    query: `SELECT ${expr} AS v FROM ${table} WHERE id = {id:String}`,
    query_params: { id },
    format: 'JSONEachRow',
  });
  return ((await rs.json()) as { v: string }[])[0]!.v;
}

describe('a log written before RowBinary, replayed after the upgrade', () => {
  it('inserts the old TabSeparated records and the new RowBinary ones, each row stored the same', async () => {
    // What the version before left: two acknowledged records, not yet inserted.
    const old = [
      { table: TABLES.traces, columns: TRACE_COLUMNS, rows: 1, data: encodeTracesTsv([trace('t-old')]) },
      {
        table: TABLES.observationPieces,
        columns: OBSERVATION_COLUMNS,
        rows: 2,
        data: encodeObservationsTsv([observation('o-old'), observation('o-old-2')]),
      },
    ];
    writeFileSync(
      path.join(dir, segmentName(1)),
      Buffer.concat([
        encodeRecordV1({ lsn: 1, appendedAtMs: Date.now(), chunks: [old[0]!] }),
        encodeRecordV1({ lsn: 2, appendedAtMs: Date.now(), chunks: [old[1]!] }),
      ]),
    );

    const log = await WriteAheadLog.open({ dir, segmentBytes: 1 << 20, maxBytes: 1 << 26 });
    const { writer, ingestor } = logPipeline(db, log, dir);
    try {
      const receipt = await ingestor.submit({
        ...encodeTraces([trace('t-new')]),
        ...encodeObservationPieces([observation('o-new')]),
      });
      expect(receipt?.lsn).toBe(3);
      await writer.waitCommitted(3, [TABLES.traces, TABLES.observationPieces], 10_000);
      expect(writer.committedLsn).toBe(3);
    } finally {
      await writer.stop();
      await log.close();
    }

    const traces = await stored(TABLES.traces, ['t-old', 't-new']);
    expect(Object.keys(traces).sort()).toEqual(['t-new', 't-old']);
    expect(traces['t-new']).toBe(traces['t-old']);
    expect(await column(TABLES.traces, 't-old', 'name.2')).toBe(text);
    const observations = await stored(TABLES.observationPieces, ['o-old', 'o-old-2', 'o-new']);
    expect(Object.keys(observations).sort()).toEqual(['o-new', 'o-old', 'o-old-2']);
    expect(observations['o-new']).toBe(observations['o-old']);
    expect(await column(TABLES.observationPieces, 'o-new', 'name.2')).toBe(text);
  });
});
