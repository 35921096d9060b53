import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { type Db, migrate, openDb, TABLES } from '@spanhouse/db';
import { SCORE_COLUMNS } from '@spanhouse/ingest-api/pipeline';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import type { TraceSpec } from '../gen/traces.ts';
import { log } from '../lib/log.ts';
import { tsWorker } from '../lib/ts-worker.ts';
import type { NdjsonJob, NdjsonResult } from './ndjson-worker.ts';

export const DATABASE = 'spanhouse';

export type LoadInfo = {
  spec: TraceSpec;
  /** The projects the traces are spread over, spec.traces each (see projectSpec). */
  projects: string[];
  traces: number;
  observations: number;
  scores: number;
  seconds: number;
  optimized: boolean;
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

/** The data set already in `dataDir` when it was loaded completely with this spec and these projects. */
export function loadedDataset(dataDir: string, spec: TraceSpec, projects: string[]): LoadInfo | undefined {
  const marker = markerOf(dataDir);
  if (!existsSync(marker)) return undefined;
  const info = JSON.parse(readFileSync(marker, 'utf8')) as LoadInfo;
  // A data set from before scores or projects were generated is loaded again.
  const same = JSON.stringify([info.spec, info.projects]) === JSON.stringify([spec, projects]);
  return same && info.scores ? info : undefined;
}

function spawnWorker(): Worker {
  return tsWorker(new URL('./ndjson-worker.ts', import.meta.url));
}

/**
 * Loads the generated data set into a fresh embedded database in `dataDir`: `spec.traces` traces
 * of each project (projectSpec), rows built by the service's own builders (see rows.ts) in worker
 * threads, inserted as JSONEachRow through @clickhouse/client on the writer connection, then
 * merged (OPTIMIZE FINAL), as a store that has been running a while would be. Writes a marker so
 * the next run reuses the folder.
 */
export async function loadTraceDataset(
  dataDir: string,
  spec: TraceSpec,
  projects: string[] = [DEFAULT_PROJECT_ID],
  chunk = 5000,
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
    const jobs = projects.flatMap((project, k) => {
      const s = projectSpec(spec, k);
      return Array.from({ length: Math.ceil(s.traces / chunk) }, (_, i) => ({
        spec: s,
        project,
        from: i * chunk,
        to: Math.min(s.traces, (i + 1) * chunk),
      }));
    });
    const total = spec.traces * projects.length;
    const started = performance.now();
    const workers = [spawnWorker(), spawnWorker()];
    let nextJob = 0;
    let observations = 0;
    let scores = 0;
    let done = 0;
    const insert = async (r: NdjsonResult) => {
      await insertText(db, TABLES.observationPieces, r.observations);
      await insertText(db, TABLES.traces, r.traces);
      await db.insertText({
        table: TABLES.scores,
        columns: SCORE_COLUMNS,
        format: 'TabSeparated',
        text: Buffer.from(r.scores.buffer, r.scores.byteOffset, r.scores.byteLength),
      });
      observations += r.rows;
      scores += r.scoreRows;
      done += r.to - r.from;
      if (Math.floor(done / 20_000) !== Math.floor((done - (r.to - r.from)) / 20_000)) {
        const s = (performance.now() - started) / 1000;
        log(
          `loaded ${done} traces in ${s.toFixed(0)} s (${Math.round(done / s)} traces/s, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB)`,
        );
      }
    };
    // Workers generate while the writer inserts: each worker runs ahead of the inserts by at most
    // one finished chunk, so memory stays bounded (a chunk is ~50 MB of JSON).
    let chain = Promise.resolve();
    await Promise.all(
      workers.map(async (w) => {
        let pending: Promise<void> = Promise.resolve();
        for (;;) {
          const job = jobs[nextJob++];
          if (!job) break;
          const result = await runJob(w, job);
          await pending;
          chain = chain.then(() => insert(result));
          pending = chain;
        }
        await pending;
      }),
    );
    await Promise.all(workers.map((w) => w.terminate()));
    log('merging (OPTIMIZE FINAL)');
    for (const t of [TABLES.traces, TABLES.observationPieces, TABLES.scores, TABLES.scoreTimes]) {
      log(`OPTIMIZE TABLE ${t} FINAL`);
      await db.writer.command({
        query: `OPTIMIZE TABLE ${t} FINAL`,
        clickhouse_settings: { optimize_throw_if_noop: 0 },
      });
    }
    const info: LoadInfo = {
      spec,
      projects,
      traces: total,
      observations,
      scores,
      seconds: (performance.now() - started) / 1000,
      optimized: true,
    };
    writeFileSync(markerOf(dataDir), JSON.stringify(info, null, 2));
    return info;
  } finally {
    await db.close();
  }
}

function runJob(w: Worker, job: NdjsonJob): Promise<NdjsonResult> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    w.once('error', onError);
    w.once('message', (r: NdjsonResult) => {
      w.off('error', onError);
      resolve(r);
    });
    w.postMessage(job);
  });
}

async function insertText(db: Db, table: string, ndjson: Uint8Array): Promise<void> {
  // exec, not insert: the body is JSONEachRow text already; insert() would serialize objects.
  const rs = await db.writer.exec({
    query: `INSERT INTO ${table} FORMAT JSONEachRow`,
    values: Readable.from([Buffer.from(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength)], { objectMode: false }),
  });
  rs.stream.resume();
}
