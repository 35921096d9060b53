import type { Db } from '@spanhouse/db';
import { nextVersion } from '@spanhouse/store';

/*
 * Retention as the server sees it: the `project_retention` dictionary (clickhouse/0030) that the
 * reads and the TTL rules look up, built from `projects` and the instance's default in
 * `instance_settings`. Whoever changes either reloads it, so a new retention applies to every
 * read at once (in server mode to every process: the dictionary lives in the server); changes
 * made elsewhere arrive with the dictionary's lifetime.
 */

/** Records the instance's default retention (days; undefined or 0: forever) and reloads the dictionary. */
export async function setInstanceRetention(db: Db, days: number | undefined): Promise<void> {
  await db.writer.insert({
    table: 'instance_settings',
    values: [{ name: 'retention_days', value: days ?? 0, version: nextVersion() }],
    format: 'JSONEachRow',
  });
  await reloadRetention(db);
}

/** Makes the dictionary read `projects` and `instance_settings` again now. */
export async function reloadRetention(db: Db): Promise<void> {
  await db.writer.command({ query: 'SYSTEM RELOAD DICTIONARY project_retention' });
}
