import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, migrate, openDb, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import type { TraceSpec } from '../gen/traces.ts';
import { log } from '../lib/log.ts';
import { datasetParams, KEY_RANGE, observationsInsert, scoresInsert, tracesInsert } from './sql-dataset.ts';

export const DATABASE = 'spanhouse';

/** Changes whenever the generated rows change, so an older data set is built again. */
const GENERATOR = 'sql-4';

export type LoadInfo = {
  generator: string;
  spec: TraceSpec;
  /** The projects the traces are spread over, spec.traces each (see projectSpec). */
  projects: string[];
  traces: number;
  observations: number;
  scores: number;
  /** Generation and inserts, in seconds. */
  seconds: number;
  /** Bytes on disk of each table (compressed). */
  bytes: Record<string, number>;
};

const markerOf = (dataDir: string) => path.join(dataDir, 'bench-dataset.json');

/**
 * The projects of a data set of `n` projects: the default project alone, or `bench-p00`... (the
 * first is the one the queries read).
 */
export const benchProjects = (n: number) =>
  n === 1 ? [DEFAULT_PROJECT_ID] : Array.from({ length: n }, (_, k) => `bench-p${String(k).padStart(2, '0')}`);

/**
 * The traces of the k-th project: the first project's are exactly the single-project data set of
 * `spec` (same seed, so the same traces: a run on one project of this size measures the same
 * project-local data), every other's another seed.
 */
export const projectSpec = (spec: TraceSpec, k: number): TraceSpec =>
  k === 0 ? spec : { ...spec, seed: spec.seed + k };

/** The data set already in `dataDir` when it was built completely with this spec, projects and generator. */
export function loadedDataset(dataDir: string, spec: TraceSpec, projects: string[]): LoadInfo | undefined {
  const marker = markerOf(dataDir);
  if (!existsSync(marker)) return undefined;
  const info = JSON.parse(readFileSync(marker, 'utf8')) as LoadInfo;
  const same = JSON.stringify([info.spec, info.projects]) === JSON.stringify([spec, projects]);
  return same && info.generator === GENERATOR ? info : undefined;
}

/**
 * One statement per table and key range writes one part (sql-dataset.ts KEY_RANGE): insert blocks
 * are not cut before the statement ends, and one thread inserts.
 */
const ONE_PART = {
  min_insert_block_size_rows: '1000000000',
  min_insert_block_size_bytes: '8000000000',
  max_insert_block_size: '1000000000',
  max_insert_threads: '1',
  // Keys are unique within a statement: folding equal keys at insert would cost CPU for nothing.
  optimize_on_insert: 0,
} as const;

/**
 * Builds the data set in a fresh embedded database in `dataDir`, inside ClickHouse (sql-dataset.ts):
 * `spec.traces` traces of each project (projectSpec), each table as one part per project and key
 * range, with no key in two parts, as a store whose merges have caught up would be. Writes a marker
 * so the next run reuses the folder.
 */
export async function loadTraceDataset(
  dataDir: string,
  spec: TraceSpec,
  projects: string[] = [DEFAULT_PROJECT_ID],
): Promise<LoadInfo> {
  rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
  try {
    await migrate(db);
    const created = projects.filter((id) => id !== DEFAULT_PROJECT_ID);
    if (created.length > 0) {
      await db.writer.insert({
        table: TABLES.projects,
        values: created.map((id) => ({
          id,
          name: id,
          metadata: '{}',
          retention_days: 0,
          created_at: '2026-01-01 00:00:00.000',
          deleted: 0,
          data_removed: 0,
          version: 1,
        })),
        format: 'JSONEachRow',
      });
    }
    const started = performance.now();
    for (const [k, project] of projects.entries()) {
      await generate(db, projectSpec(spec, k), project, 0, spec.traces);
    }
    // The search documents' views wrote a row per trace and per observation piece (0047): one
    // merge makes them the one document per trace a store whose merges have caught up holds.
    const merging = performance.now();
    await db.writer.command({ query: `OPTIMIZE TABLE ${TABLES.traceSearch} FINAL` });
    log(`merged the search documents in ${((performance.now() - merging) / 1000).toFixed(0)} s`);
    const total = spec.traces * projects.length;
    const info: LoadInfo = {
      generator: GENERATOR,
      spec,
      projects,
      traces: total,
      observations: total * 10,
      scores: total * 3,
      seconds: (performance.now() - started) / 1000,
      bytes: await tableBytes(db),
    };
    writeFileSync(markerOf(dataDir), JSON.stringify(info, null, 2));
    return info;
  } finally {
    await db.close();
  }
}

/** How long a reused data set's upgrade may take, its background index builds included. */
const UPGRADE_BOUND_MS = 60 * 60_000;

/**
 * Brings a reused data set up to this version's schema before it is measured (or copied to be):
 * its migrations, then the mutations they started (an index rebuilt by MATERIALIZE runs in the
 * background), so no measured run pays an upgrade and a service starts on it at once. Logs what
 * the upgrade took: what a user upgrading a store of this size waits for.
 */
export async function upgradeDataset(dataDir: string): Promise<void> {
  const started = performance.now();
  const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
  try {
    await migrate(db);
    const migrated = performance.now();
    for (;;) {
      const [pending] = await queryRows(db, {
        sql: 'SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND NOT is_done',
        tag: 'bench.upgrade',
        map: (r) => Number(r.n),
      });
      if (pending === 0) break;
      if (performance.now() - started > UPGRADE_BOUND_MS)
        throw new Error(`${dataDir}: mutations still running after an hour`);
      await sleep(2_000);
    }
    const s = (ms: number) => (ms / 1000).toFixed(0);
    log(
      `upgraded ${dataDir}: migrations ${s(migrated - started)} s, then their mutations ${s(performance.now() - migrated)} s`,
    );
  } finally {
    await db.close();
  }
}

/** Inserts traces [from, to) of the spec into `project`, key range by key range. */
export async function generate(db: Db, spec: TraceSpec, project: string, from: number, to: number): Promise<void> {
  const params = { ...datasetParams(spec), project };
  const statements = [
    tracesInsert(TABLES.traces),
    observationsInsert(TABLES.observationPieces),
    scoresInsert(TABLES.scores),
  ];
  const started = performance.now();
  for (let at = from; at < to; at = (Math.floor(at / KEY_RANGE) + 1) * KEY_RANGE) {
    const count = Math.min((Math.floor(at / KEY_RANGE) + 1) * KEY_RANGE, to) - at;
    for (const query of statements) {
      await db.writer.command({ query, query_params: { ...params, from: at, count }, clickhouse_settings: ONE_PART });
    }
    const s = (performance.now() - started) / 1000;
    log(`${project}: generated ${at + count - from} of ${to - from} traces in ${s.toFixed(0)} s`);
  }
}

/** Bytes on disk of each table of the database (its active parts, compressed). */
export async function tableBytes(db: Db): Promise<Record<string, number>> {
  const rs = await db.writer.query({
    query: `SELECT table, sum(bytes_on_disk) AS bytes FROM system.parts
      WHERE database = currentDatabase() AND active GROUP BY table ORDER BY table`,
    format: 'JSONEachRow',
  });
  const rows = (await rs.json()) as { table: string; bytes: string }[];
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.bytes)]));
}
