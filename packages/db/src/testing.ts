import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDb, quoteIdent } from './connection.ts';
import { migrate } from './migrations.ts';

/**
 * A fresh, migrated database for one test file: its own temporary data folder and its own
 * database name, on real chDB. Vitest runs each file in its own process, and chDB binds one
 * folder per process, so files never see each other's rows.
 *
 * With SPANHOUSE_TEST_CLICKHOUSE_URL set (the server-mode suite sets it, pointing at a
 * ClickHouse container), the same database is made on that server instead and dropped at close,
 * so every behaviour test runs unchanged against a real server. This test helper reads the
 * environment itself: it has no configuration of its own to receive it from.
 */
export async function openTestDb(label = 'test'): Promise<Db & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `spanhouse-${label}-`));
  const database = `t_${label.replace(/\W/g, '_')}_${process.pid}`;
  const url = process.env.SPANHOUSE_TEST_CLICKHOUSE_URL;
  const db = await openDb(
    url
      ? {
          url,
          user: process.env.SPANHOUSE_TEST_CLICKHOUSE_USER,
          password: process.env.SPANHOUSE_TEST_CLICKHOUSE_PASSWORD,
          database,
          readers: 2,
        }
      : { dataDir, database, readers: 2 },
  );
  await migrate(db);
  return {
    ...db,
    dataDir,
    async close() {
      if (url)
        await db.admin.command({ query: `DROP DATABASE IF EXISTS ${quoteIdent(database)}` }).catch(() => undefined);
      await db.close();
      // The embedded engine's background threads may still finish a merge's part after close:
      // retry while the folder fills again under the removal (ENOTEMPTY).
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
