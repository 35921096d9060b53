import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Db, migrate, openDb, TABLES } from '@spanhouse/db';
import type { TraceSpec } from '../gen/traces.ts';
import { log } from '../lib/log.ts';
import { datasetParams, KEY_RANGE, observationsInsert, scoresInsert, tracesInsert } from './sql-dataset.ts';

export const DATABASE = 'spanhouse';

/** Changes whenever the generated rows change, so an older data set is built again. */
const GENERATOR = 'sql-2';

export type LoadInfo = {
  generator: string;
  spec: TraceSpec;
  traces: number;
  observations: number;
  scores: number;
  /** Generation and inserts, in seconds. */
  seconds: number;
  /** Bytes on disk of each table (compressed). */
  bytes: Record<string, number>;
};

const markerOf = (dataDir: string) => path.join(dataDir, 'bench-dataset.json');

/** The data set already in `dataDir` when it was built completely with this spec and generator. */
export function loadedDataset(dataDir: string, spec: TraceSpec): LoadInfo | undefined {
  const marker = markerOf(dataDir);
  if (!existsSync(marker)) return undefined;
  const info = JSON.parse(readFileSync(marker, 'utf8')) as LoadInfo;
  return JSON.stringify(info.spec) === JSON.stringify(spec) && info.generator === GENERATOR ? info : undefined;
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
 * each table as one part per key range, with no key in two parts, as a store whose merges have
 * caught up would be. Writes a marker so the next run reuses the folder.
 */
export async function loadTraceDataset(dataDir: string, spec: TraceSpec): Promise<LoadInfo> {
  rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
  try {
    await migrate(db);
    const started = performance.now();
    await generate(db, spec, 0, spec.traces);
    const info: LoadInfo = {
      generator: GENERATOR,
      spec,
      traces: spec.traces,
      observations: spec.traces * 10,
      scores: spec.traces * 3,
      seconds: (performance.now() - started) / 1000,
      bytes: await tableBytes(db),
    };
    writeFileSync(markerOf(dataDir), JSON.stringify(info, null, 2));
    return info;
  } finally {
    await db.close();
  }
}

/** Inserts traces [from, to) of the spec, chunk by chunk. */
export async function generate(db: Db, spec: TraceSpec, from: number, to: number): Promise<void> {
  const params = datasetParams(spec);
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
    log(`generated ${at + count - from} of ${to - from} traces in ${s.toFixed(0)} s`);
  }
}

async function tableBytes(db: Db): Promise<Record<string, number>> {
  const rs = await db.writer.query({
    query: `SELECT table, sum(bytes_on_disk) AS bytes FROM system.parts
      WHERE database = currentDatabase() AND active GROUP BY table ORDER BY table`,
    format: 'JSONEachRow',
  });
  const rows = (await rs.json()) as { table: string; bytes: string }[];
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.bytes)]));
}
