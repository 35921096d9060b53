// Bootstrap for a TypeScript worker thread: tsx's loader does not reach worker threads on Node 20
// through execArgv, so each worker registers it before importing its real module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
