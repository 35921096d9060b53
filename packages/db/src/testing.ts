import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDb } from './connection.ts';
import { migrate } from './migrations.ts';

/**
 * A fresh, migrated database on real chDB for one test file: its own temporary data folder and
 * its own database name. Vitest runs each file in its own process, and chDB binds one folder per
 * process, so files never see each other's rows.
 */
export async function openTestDb(label = 'test'): Promise<Db & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `spanhouse-${label}-`));
  const database = `t_${label.replace(/\W/g, '_')}_${process.pid}`;
  const db = await openDb({ dataDir, database, readers: 2 });
  await migrate(db);
  return {
    ...db,
    dataDir,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
