export { registerIngestRoutes } from './app.ts';
export { createIngestDeps } from './runtime.ts';
export type { IngestDeps } from './deps.ts';
export { Ingestor } from './buffer/ingestor.ts';
export { GroupCommitBuffer } from './buffer/group-commit.ts';
export { PriceTable } from './pricing/prices.ts';
