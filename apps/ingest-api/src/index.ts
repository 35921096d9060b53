export { registerIngestRoutes } from './app.ts';
export { GroupCommitBuffer } from './buffer/group-commit.ts';
export { type IngestHooks, Ingestor } from './buffer/ingestor.ts';
export type { IngestDeps } from './deps.ts';
export { PriceTable } from './pricing/prices.ts';
export { readiness } from './readiness.ts';
export { createIngestDeps } from './runtime.ts';
