import { setTimeout as sleep } from 'node:timers/promises';
import { migrationTransform } from './cluster.ts';
import { type Db, type DbOptions, openDb } from './connection.ts';
import { migrate } from './migrations.ts';

/**
 * Opens the database and applies the migrations, as every entry point does at start. In server
 * mode ClickHouse may not be up yet (containers start together, a server restarts), so this
 * retries with backoff for `waitMs` instead of failing at once; the orchestrator restarts the
 * process if ClickHouse stays away longer.
 */
export async function openMigratedDb(opts: DbOptions, waitMs = opts.url ? 120_000 : 0): Promise<Db> {
  const deadline = Date.now() + waitMs;
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    let db: Db | undefined;
    try {
      db = await openDb(opts);
      await migrate(db, { logger: opts.logger, transform: migrationTransform(opts) });
      return db;
    } catch (err) {
      await db?.close();
      if (Date.now() + delay > deadline) throw err;
      opts.logger?.warn({ err, retryInMs: delay }, 'ClickHouse not ready; retrying');
      await sleep(delay);
    }
  }
}
