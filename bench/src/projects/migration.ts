import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, MIGRATIONS_DIR, migrate, openDb, TABLES } from '@spanhouse/db';
import { DEFAULT_SPEC, type TraceSpec } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { fmt } from '../lib/stats.ts';
import { benchProjects, DATABASE, loadedDataset, loadTraceDataset } from '../traces/load.ts';

/** The tables as the version before projects named them, with the current table holding their rows. */
const OLD_TABLES: [old: string, now: string][] = [
  ['traces', TABLES.traces],
  ['observation_pieces', TABLES.observationPieces],
  ['observation_traces', TABLES.observationTraces],
  ['scores', TABLES.scores],
  ['score_times', TABLES.scoreTimes],
  ['trace_day_writes', TABLES.traceDayWrites],
  ['metric_series', TABLES.metricSeries],
  ['metric_samples', TABLES.metricSamples],
  ['metric_nonfinite_samples', TABLES.metricNonFinite],
  ['metric_minute_rollups', TABLES.metricMinutes],
];
const OLD_DATABASE = 'before_projects';

async function count(db: Db, sql: string): Promise<number> {
  const rows = await (await db.writer.query({ query: sql, format: 'JSONEachRow' })).json<{ n: string }>();
  return Number(rows[0]?.n ?? 0);
}

async function columnsOf(db: Db, database: string, name: string): Promise<string[]> {
  const rows = await (
    await db.writer.query({
      query: 'SELECT name FROM system.columns WHERE database = {d:String} AND table = {t:String} ORDER BY position',
      query_params: { d: database, t: name },
      format: 'JSONEachRow',
    })
  ).json<{ name: string }>();
  return rows.map((r) => r.name);
}

/**
 * The upgrade of a store of the trace data set to projects, timed: the data set's rows (loaded
 * once, reused like trace-queries') are put into a database of the version before projects
 * (migrations 0001-0011, its tables, merged), then migrations 0020-0022 run on it as a start of
 * this version runs them: the copy of every row into the default project, the views, the drop.
 */
export async function projectMigrationSuite(opts: BenchOptions): Promise<string> {
  const spec: TraceSpec = { ...DEFAULT_SPEC, traces: opts.traces };
  const projects = benchProjects(1);
  const dataDir = path.join(opts.dir, `traces-${spec.traces}`);
  let info = opts.reload ? undefined : loadedDataset(dataDir, spec, projects);
  if (!info) {
    log(`loading ${spec.traces} traces into ${dataDir}`);
    info = await loadTraceDataset(dataDir, spec, projects);
  }
  const data = await openDb({ dataDir, database: DATABASE, readers: 1 });
  try {
    await data.admin.command({ query: `DROP DATABASE IF EXISTS ${OLD_DATABASE}` });
    await data.admin.command({ query: `CREATE DATABASE ${OLD_DATABASE}` });
  } finally {
    await data.close();
  }
  const old = await openDb({ dataDir, database: OLD_DATABASE, readers: 1 });
  try {
    const before = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrations-'));
    for (const f of readdirSync(MIGRATIONS_DIR))
      if (Number(f.slice(0, 4)) <= 11) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
    await migrate(old, { dir: before });
    rmSync(before, { recursive: true, force: true });
    log('filling the tables of the version before projects');
    for (const [name, now] of OLD_TABLES) {
      const columns = (await columnsOf(old, OLD_DATABASE, name)).filter((c) => c !== 'obs');
      const list = columns.join(', ');
      await old.writer.command({
        query: `INSERT INTO ${OLD_DATABASE}.${name} (${list}) SELECT ${list} FROM ${DATABASE}.${now}`,
      });
    }
    for (const [name] of OLD_TABLES) {
      await old.writer.command({
        query: `OPTIMIZE TABLE ${name} FINAL`,
        clickhouse_settings: { optimize_throw_if_noop: 0 },
      });
    }
    const rows = Object.fromEntries(
      await Promise.all(
        OLD_TABLES.map(async ([name]) => [name, await count(old, `SELECT count() AS n FROM ${name}`)] as const),
      ),
    );
    const bytes = await count(
      old,
      `SELECT sum(bytes_on_disk) AS n FROM system.parts WHERE database = '${OLD_DATABASE}' AND active`,
    );
    log(`migrating ${fmt(rows.traces ?? 0)} trace rows, ${fmt(rows.observation_pieces ?? 0)} observation rows`);
    const started = performance.now();
    const applied = await migrate(old);
    const seconds = (performance.now() - started) / 1000;
    const after = await count(old, `SELECT count() AS n FROM ${TABLES.traces}`);
    log(`migrations ${applied.join(', ')} took ${fmt(seconds)} s`);
    return [
      `### The upgrade to projects (migrations 0020-0022) on the trace data set (${fmt(info.traces)} traces)`,
      '',
      table(
        ['table', 'rows before'],
        OLD_TABLES.map(([name]) => [name, fmt(rows[name] ?? 0)]),
      ),
      '',
      `Stored before: ${fmt(bytes / 1024 ** 3)} GiB on disk. Migrations ${applied.join(', ')} took **${fmt(seconds)} s** ` +
        `(the copy into the default project, the views, the drop of the old tables); ${fmt(after)} trace rows after.`,
    ].join('\n');
  } finally {
    await old.admin.command({ query: `DROP DATABASE IF EXISTS ${OLD_DATABASE}` }).catch(() => undefined);
    await old.close();
  }
}
