import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { WriteAheadLog } from '@spanhouse/ingest-log';
import { encodeTraceDeletions, encodeTraces, type TraceRow } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPipeline } from './log-pipeline.ts';

/*
 * Settled tombstones across a replay (decision 0090): the log's checkpoint lags its commits, so a
 * restart inserts again rows already stored, of before a deletion already settled. The writer
 * lowers the mark before its first insert and settles again once the replay is committed, with the
 * rows inserted again masked.
 */

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await openTestDb('settled_replay');
  dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-settled-replay-'));
  // Every mark stays a row of its own (a merge keeps a table's latest only): the test reads their history.
  await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traceTombstonesSettled}` });
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const trace = (id: string): TraceRow => ({
  project_id: 'spanhouse',
  id,
  timestamp: '1772359200.000000',
  name: [5, 'secret'],
  user_id: [5, 'u-1'],
  session_id: [0, ''],
  release: [0, ''],
  version: [0, ''],
  environment: [5, 'prod'],
  input: [5, '{}'],
  output: [0, ''],
  tags: [],
  metadata: {},
  obs_ids: [],
  obs_start: {},
  obs_end: {},
  obs_model: {},
  obs_usage: {},
  obs_cost: {},
  obs_usage_kinds: {},
  obs_count: 0,
  start_min: 1_772_359_200_000_000,
  end_max: 1_772_359_200_000_000,
  cost_sum: 0,
  usage_units: 0,
  price_max: 0,
  model_obs: {},
  model_input: {},
  model_output: {},
  model_total: {},
  model_cost: {},
});

async function one(sql: string): Promise<number> {
  const result = await db.writer.query({ query: sql, format: 'JSONEachRow' });
  return Number(Object.values((await result.json<Record<string, number | string>>())[0] ?? {})[0] ?? 0);
}

/** The marks stored for the trace rows' table, oldest first. */
const marks = async () => {
  const result = await db.writer.query({
    query: `SELECT settled_us FROM ${TABLES.traceTombstonesSettled} WHERE table_name = {table:String} ORDER BY at_us`,
    query_params: { table: TABLES.traces },
    format: 'JSONEachRow',
  });
  return (await result.json<{ settled_us: number | string }>()).map((r) => Number(r.settled_us));
};

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const start = (log: WriteAheadLog) => logPipeline(db, log, dir);

describe('a replay of rows settled before the restart', () => {
  it('unsettles before inserting them again, and settles again with them masked', async () => {
    const traceRows = `SELECT count() AS n FROM ${TABLES.traces} WHERE id = 'replayed'`;
    let log = await WriteAheadLog.open({ dir, segmentBytes: 1 << 26, maxBytes: 1 << 28 });
    let run = start(log);
    let deletedUs = 0;
    try {
      await run.ingestor.submit(encodeTraces([trace('replayed')]));
      const receipt = await run.ingestor.submit(encodeTraceDeletions('spanhouse', ['replayed']));
      await run.writer.waitCommitted(receipt!.lsn, [TABLES.traces, TABLES.traceDeletions], 10_000);
      deletedUs = await one(`SELECT max(deleted_us) FROM ${TABLES.traceDeletions}`);
      await until(async () => (await marks()).at(-1)! >= deletedUs && (await one(traceRows)) === 0);
    } finally {
      await run.writer.stop();
      await log.close();
    }

    // The checkpoint as a crash can leave it (it is not synced): nothing committed, both records
    // replayed (a segment this large is kept while it is written to).
    writeFileSync(path.join(dir, 'committed-lsn'), '0');
    const before = (await marks()).length;
    log = await WriteAheadLog.open({ dir, segmentBytes: 1 << 26, maxBytes: 1 << 28 });
    run = start(log);
    try {
      expect(log.lastLsn).toBeGreaterThan(log.committedLsn);
      await run.writer.waitCommitted(log.lastLsn, [TABLES.traces, TABLES.traceDeletions], 10_000);
      await until(async () => (await marks()).at(-1)! >= deletedUs);
      const after = (await marks()).slice(before);
      // Lowered to 0 before the replayed rows went in, then settled again.
      expect(after[0]).toBe(0);
      expect(after.at(-1)).toBeGreaterThanOrEqual(deletedUs);
      expect(await one(traceRows)).toBe(0);
    } finally {
      await run.writer.stop();
      await log.close();
    }
  });
});
