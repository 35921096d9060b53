import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, loadMigrations, MIGRATIONS_DIR, migrate, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { chunkWithProject } from '@spanhouse/ingest-api';
import { batchTraceRows, PriceTable, scoreRowOf } from '@spanhouse/ingest-api/pipeline';
import { type AllInOne, createAllInOne } from '@spanhouse/server';
import {
  encodeObservationsTsv,
  encodeScoresTsv,
  encodeTracesTsv,
  OBSERVATION_COLUMNS,
  SCORE_COLUMNS,
  TRACE_COLUMNS,
} from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, TEST_CREDENTIALS, testConfig } from '../support/app.ts';

/*
 * An upgrade: a database migrated and filled as the version before projects left it (migrations
 * 0001-0011, rows in the old tables, encoded as that version encoded them: the same lines without
 * the project column), and a chunk of its ingest log not yet inserted. Migrations 0020-0022 move
 * every row into the default project (0021 run twice, as a crash before its record would run it)
 * and the log's chunk replays into it; the service then answers from the moved rows exactly.
 */

let db: Db & { dataDir: string };
let app: AllInOne;
const prices = PriceTable.load();
const T0 = '2026-03-01T10:00:00.000Z';

/** A migrations folder holding the migrations up to `last` only. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrations-'));
  for (const f of readdirSync(MIGRATIONS_DIR))
    if (Number(f.slice(0, 4)) <= last) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  return dir;
}

/**
 * TabSeparated lines without their first field (the project) and their last (the written time,
 * clickhouse/0031): what the version before projects wrote.
 */
const withoutProject = (lines: Buffer) =>
  Buffer.from(
    lines
      .toString()
      .split('\n')
      .map((l) => (l === '' ? l : l.slice(l.indexOf('\t') + 1, l.lastIndexOf('\t'))))
      .join('\n'),
  );

async function insertOld(table: string, columns: readonly string[], lines: Buffer) {
  await db.insertText({
    table,
    columns: columns.slice(1, -1) as [string, ...string[]],
    format: 'TabSeparated',
    text: withoutProject(lines),
  });
}

const batch = (id: string, model: string, tokens: number) =>
  batchTraceRows(
    {
      trace: { id, name: `old ${id}`, userId: 'old-user', sessionId: 'old-session', timestamp: T0 },
      observations: [
        {
          id: `${id}-g`,
          type: 'GENERATION',
          model,
          startTime: T0,
          endTime: '2026-03-01T10:00:02.000Z',
          promptTokens: tokens,
          completionTokens: tokens,
        },
      ],
    } as never,
    prices,
  );

beforeAll(async () => {
  db = await openTestDb('projects-upgrade');
  // openTestDb migrates to the newest version; start over from the version before projects.
  await db.admin.command({ query: `DROP DATABASE ${db.database}` });
  await db.admin.command({ query: `CREATE DATABASE ${db.database}` });
  const before = migrationsUpTo(11);
  await migrate(db, { dir: before });
  rmSync(before, { recursive: true, force: true });

  for (const [id, model, tokens] of [
    ['t1', 'gpt-4o', 100],
    ['t2', 'gpt-4o-mini', 50],
  ] as const) {
    const rows = batch(id, model, tokens);
    await insertOld('observation_pieces', OBSERVATION_COLUMNS, encodeObservationsTsv(rows.observations));
    await insertOld('traces', TRACE_COLUMNS, encodeTracesTsv(rows.traces));
  }
  const score = scoreRowOf(
    { traceId: 't1', name: 'quality', value: 0.9 },
    { project: 'unused', id: 's1', timestampUs: Date.parse(T0) * 1000, version: 1, nowUs: Date.parse(T0) * 1000 },
  );
  await insertOld('scores', SCORE_COLUMNS, encodeScoresTsv([score]));
  // The id the version before gave cpu{host="a"}: the first 8 bytes of SHA-256 of its canonical form.
  const id = createHash('sha256').update('["cpu",[["host","a"]]]').digest().readBigUInt64BE(0).toString();
  await db.writer.command({ query: `INSERT INTO metric_series VALUES ('cpu', ${id}, {'host': 'a'})` });
  await db.writer.command({
    query: `INSERT INTO metric_samples VALUES ('cpu', ${id}, '2026-03-01 10:00:00', 1), ('cpu', ${id}, '2026-03-01 10:00:30', 3)`,
  });
});

afterAll(async () => {
  await app?.projects.close();
  await app?.ingest.log.close(5_000);
  await db?.close();
});

describe('the upgrade to projects', () => {
  it('moves every stored row into the default project, also when 0021 runs twice, and drops the old tables', async () => {
    const upTo21 = migrationsUpTo(21);
    await migrate(db, { dir: upTo21 });
    // A crash after 0021's statements and before its record: the next start runs them again.
    for (const statement of loadMigrations(upTo21).find((m) => m.version === 21)!.statements) {
      await db.writer.command({ query: statement });
    }
    rmSync(upTo21, { recursive: true, force: true });
    // A chunk the old version acknowledged and had not inserted: replayed after the upgrade.
    const pending = batch('t3', 'gpt-4o', 10);
    for (const [table, columns, lines] of [
      ['observation_pieces', OBSERVATION_COLUMNS, encodeObservationsTsv(pending.observations)],
      ['traces', TRACE_COLUMNS, encodeTracesTsv(pending.traces)],
    ] as const) {
      const chunk = chunkWithProject({ table, columns: columns.slice(1, -1), rows: 1, data: withoutProject(lines) });
      expect(chunk.table).toBe(table === 'traces' ? TABLES.traces : TABLES.observationPieces);
      await db.insertText({
        table: chunk.table,
        columns: chunk.columns as [string, ...string[]],
        format: 'TabSeparated',
        text: Buffer.from(chunk.data),
      });
    }
    await migrate(db);
    const tables = (
      await (
        await db.writer.query({
          query: 'SELECT name FROM system.tables WHERE database = currentDatabase()',
          format: 'JSONEachRow',
        })
      ).json<{ name: string }>()
    ).map((r) => r.name);
    for (const old of [
      'traces',
      'observation_pieces',
      'scores',
      'score_times',
      'metric_series',
      'metric_samples',
      'trace_day_writes',
    ]) {
      expect(tables).not.toContain(old);
    }
    const projects = await (
      await db.writer.query({
        query: `SELECT DISTINCT project_id FROM ${TABLES.traces} UNION DISTINCT SELECT DISTINCT project_id FROM ${TABLES.metricSamples}`,
        format: 'JSONEachRow',
      })
    ).json<{ project_id: string }>();
    expect(projects).toEqual([{ project_id: 'spanhouse' }]);
  });

  it('answers from the moved rows exactly, with the environment credentials, series ids unchanged', async () => {
    const { config, logger } = testConfig(db.dataDir);
    app = await createAllInOne({ config, logger, credentials: TEST_CREDENTIALS, db });
    const get = async (p: string, auth = basic()) =>
      (await app.app.request(p, { headers: auth })).json() as Promise<Record<string, any>>;
    const list = await get('/api/public/traces?orderBy=name.asc');
    expect(list.data.map((t: { id: string }) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(list.meta.totalItems).toBe(3);
    const t1 = await get('/api/public/traces/t1', bearer());
    expect(t1).toMatchObject({ name: 'old t1', latency: 2 });
    expect(t1.totalCost).toBeGreaterThan(0);
    expect(t1.scores.map((s: { id: string; projectId: string }) => [s.id, s.projectId])).toEqual([['s1', 'spanhouse']]);
    const daily = await get('/api/public/metrics/daily');
    expect(daily.data).toEqual([expect.objectContaining({ date: '2026-03-01', countTraces: 3, countObservations: 3 })]);
    const models = Object.fromEntries(
      daily.data[0].usage.map((u: { model: string; totalUsage: number }) => [u.model, u.totalUsage]),
    );
    expect(models).toEqual({ 'gpt-4o': 220, 'gpt-4o-mini': 100 });
    const q = await get(
      '/api/public/metrics/query?name=cpu&from=2026-03-01T09:00:00Z&to=2026-03-01T11:00:00Z&agg=sum&step=1h',
    );
    expect(q.data).toEqual([
      { labels: { host: 'a' }, values: [{ timestamp: '2026-03-01T10:00:00.000+00:00', value: 4 }] },
    ]);
    const prom = await get(`/prometheus/api/v1/series?match[]=${encodeURIComponent('cpu')}`);
    expect(prom.data).toEqual([{ __name__: 'cpu', host: 'a' }]);
    // A point written now for the same series keeps its id: one series, not two.
    const write = await app.app.request('/v1/metrics/batch', {
      method: 'POST',
      headers: { ...bearer(), 'Spanhouse-Wait': 'commit', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        metrics: [{ name: 'cpu', labels: { host: 'a' }, value: 5, timestamp: '2026-03-01T10:01:00Z' }],
      }),
    });
    expect(write.status).toBe(200);
    const again = await get(
      '/api/public/metrics/query?name=cpu&from=2026-03-01T09:00:00Z&to=2026-03-01T11:00:00Z&agg=sum&step=1h',
    );
    expect(again.data).toEqual([
      { labels: { host: 'a' }, values: [{ timestamp: '2026-03-01T10:00:00.000+00:00', value: 9 }] },
    ]);
  });
});
