import { Worker } from 'node:worker_threads';

/** A worker thread running a TypeScript module (through tsx, like the rest of the bench). */
export function tsWorker(entry: URL): Worker {
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry: entry.href } });
}
