export { registerIngestRoutes } from './app.ts';
export type { IngestDeps } from './deps.ts';
export { chunkWithProject } from './log-sink/chunks-before-projects.ts';
export { type IngestLog, Ingestor } from './log-sink/ingestor.ts';
export { type IngestLogStatus, LocalIngestLog } from './log-sink/local-log.ts';
export { ClickHouseWriter, type InsertBatch, type TableWriter } from './log-sink/table-writer.ts';
export { PriceTable } from './pricing/prices.ts';
export { ingestReadiness } from './readiness.ts';
export { createIngestDeps, type IngestRuntimeHooks } from './runtime.ts';
