import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { WriteAheadLog } from '@spanhouse/ingest-log';
import { encodeTraceDeletions } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPipeline } from './log-pipeline.ts';

/*
 * A stop while the settlement waits for its purges (decision 0093): the wait (up to a minute, as
 * a large store's DELETEs take minutes) is cut short, so the service stops at once, and the mark
 * of the table whose purge waits stays where it was: nothing counts as settled that was not.
 */

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await openTestDb('settlement_stop');
  dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-settlement-stop-'));
});
afterAll(async () => {
  await db?.writer.command({ query: `SYSTEM START MERGES ${TABLES.traces}` }).catch(() => {});
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function one(sql: string): Promise<number> {
  const result = await db.writer.query({ query: sql, format: 'JSONEachRow' });
  return Number(Object.values((await result.json<Record<string, number | string>>())[0] ?? {})[0] ?? 0);
}

const pendingPurges = () =>
  one(
    `SELECT count() FROM system.mutations WHERE database = currentDatabase() AND table = '${TABLES.traces}' AND NOT is_done`,
  );

describe('a stop while the settlement waits for a purge', () => {
  it('ends without waiting for the purge, the mark unmoved', async () => {
    const log = await WriteAheadLog.open({ dir, segmentBytes: 1 << 26, maxBytes: 1 << 28 });
    const run = logPipeline(db, log, dir);
    let stopped = false;
    try {
      // A row of the trace to delete (a DELETE of a table without parts is done at once), whose
      // DELETE cannot run: the settlement registers it and waits.
      await db.writer.command({
        query: `INSERT INTO ${TABLES.traces} (project_id, id, timestamp) VALUES ('spanhouse', 't-1', now64(6))`,
      });
      await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traces}` });
      const receipt = await run.ingestor.submit(encodeTraceDeletions('spanhouse', ['t-1']));
      await run.writer.waitCommitted(receipt!.lsn, [TABLES.traceDeletions], 10_000);
      const deadline = Date.now() + 10_000;
      while ((await pendingPurges()) === 0) {
        if (Date.now() > deadline) throw new Error('no purge registered within 10 s');
        await new Promise((r) => setTimeout(r, 50));
      }

      const started = Date.now();
      await run.writer.stop();
      stopped = true;
      // The settlement's own bound is a minute; the stop does not wait for it.
      expect(Date.now() - started).toBeLessThan(5_000);
      const deletedUs = await one(`SELECT max(deleted_us) FROM ${TABLES.traceDeletions}`);
      expect(deletedUs).toBeGreaterThan(0);
      // The trace rows' mark (the tables without rows were purged at once, and theirs moved).
      expect(
        await one(
          `SELECT argMax(settled_us, at_us) FROM ${TABLES.traceTombstonesSettled} WHERE table_name = '${TABLES.traces}'`,
        ),
      ).toBeLessThan(deletedUs);
    } finally {
      if (!stopped) await run.writer.stop();
      await log.close();
    }
  });
});
