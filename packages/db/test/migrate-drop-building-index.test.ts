import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, openDb } from '../src/connection.ts';
import { migrate } from '../src/migrations.ts';

/*
 * A migration that drops and adds an index again while an earlier migration's build of the same
 * index (MATERIALIZE INDEX, a background mutation) is still running: the engine refuses the drop
 * until the build is done, which on a large store is minutes after the earlier migration, so a
 * store upgraded past both at once failed to start. The earlier build is moot and is killed.
 */

let dataDir: string;
let migrationsDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrate-drop-index-'));
  migrationsDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrations-'));
  db = await openDb({ dataDir, database: 'drop_building_index', readers: 1 });
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(migrationsDir, { recursive: true, force: true });
});

const pendingMutations = async () =>
  (
    await (
      await db.writer.query({
        query:
          "SELECT command FROM system.mutations WHERE database = currentDatabase() AND table = 'docs' AND NOT is_done AND NOT is_killed",
        format: 'JSONEachRow',
      })
    ).json<{ command: string }>()
  ).map((r) => r.command.trim().replace(/^\((.*)\)$/s, '$1'));

it('drops an index whose build an earlier migration left running, killing that build only', {
  timeout: 30_000,
}, async () => {
  // The earlier migration: rows, then the index built in the background, held unfinished (merges
  // stopped) as a large store's build is for minutes, with a DELETE of another kind pending too.
  writeFileSync(
    path.join(migrationsDir, '0001_docs.sql'),
    `CREATE TABLE docs (id UInt64, body String) ENGINE = MergeTree ORDER BY id;
INSERT INTO docs SELECT number, toString(number) FROM numbers(1000);
SYSTEM STOP MERGES docs;
ALTER TABLE docs ADD INDEX docs_words (body) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE docs MATERIALIZE INDEX docs_words SETTINGS mutations_sync = 0;
`,
  );
  writeFileSync(
    path.join(migrationsDir, '0002_docs_words_lowered.sql'),
    `ALTER TABLE docs DROP INDEX IF EXISTS docs_words SETTINGS mutations_sync = 0;
ALTER TABLE docs ADD INDEX IF NOT EXISTS docs_words (lower(body)) TYPE text(tokenizer = 'splitByNonAlpha');
`,
  );
  // Merges held, the engine finishes the killed build's cancellation only once they run again:
  // they start a moment later, from a reader (the writer's connection runs the migration).
  const restart = setTimeout(() => {
    void db.withReader((c) => c.command({ query: 'SYSTEM START MERGES docs' }));
  }, 2_000);
  try {
    expect(await migrate(db, { dir: migrationsDir, raceWaitMs: 0 })).toEqual([1, 2]);
  } finally {
    clearTimeout(restart);
  }
  expect(await pendingMutations()).toEqual([]);
  const indexes = await (
    await db.writer.query({
      query:
        "SELECT name, expr FROM system.data_skipping_indices WHERE database = currentDatabase() AND table = 'docs'",
      format: 'JSONEachRow',
    })
  ).json<{ name: string; expr: string }>();
  expect(indexes).toEqual([{ name: 'docs_words', expr: '(lower(body))' }]);
});
