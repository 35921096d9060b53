import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { type Db, migrate, openDb, TABLES } from '@spanhouse/db';
import { SCORE_COLUMNS } from '@spanhouse/ingest-api/pipeline';
import type { TraceSpec } from '../gen/traces.ts';
import { log } from '../lib/log.ts';
import { tsWorker } from '../lib/ts-worker.ts';
import type { NdjsonJob, NdjsonResult } from './ndjson-worker.ts';

export const DATABASE = 'spanhouse';

export type LoadInfo = {
  spec: TraceSpec;
  traces: number;
  observations: number;
  scores: number;
  seconds: number;
  optimized: boolean;
};

const markerOf = (dataDir: string) => path.join(dataDir, 'bench-dataset.json');

/** The data set already in `dataDir` when it was loaded completely with this spec. */
export function loadedDataset(dataDir: string, spec: TraceSpec): LoadInfo | undefined {
  const marker = markerOf(dataDir);
  if (!existsSync(marker)) return undefined;
  const info = JSON.parse(readFileSync(marker, 'utf8')) as LoadInfo;
  // A data set from before scores were generated is loaded again.
  return JSON.stringify(info.spec) === JSON.stringify(spec) && info.scores ? info : undefined;
}

function spawnWorker(): Worker {
  return tsWorker(new URL('./ndjson-worker.ts', import.meta.url));
}

/**
 * Loads the generated data set into a fresh embedded database in `dataDir`: rows built by the
 * service's own builders (see rows.ts) in worker threads, inserted as JSONEachRow through
 * @clickhouse/client on the writer connection, then merged (OPTIMIZE FINAL), as a store that has
 * been running a while would be. Writes a marker so the next run reuses the folder.
 */
export async function loadTraceDataset(dataDir: string, spec: TraceSpec, chunk = 5000): Promise<LoadInfo> {
  rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
  try {
    await migrate(db);
    const started = performance.now();
    const workers = [spawnWorker(), spawnWorker()];
    let nextFrom = 0;
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
          const from = nextFrom;
          if (from >= spec.traces) break;
          nextFrom = Math.min(spec.traces, from + chunk);
          const result = await runJob(w, { spec, from, to: nextFrom });
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
      traces: spec.traces,
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
