export { registerIngestRoutes } from './app.ts';
export type { IngestDeps } from './deps.ts';
export { type GrpcReceiver, startOtlpGrpc } from './grpc/receiver.ts';
export type { InsertFn } from './ingest/background-writer.ts';
export { type EncodedRows, type IngestLog, Ingestor, type TableRows } from './ingest/ingestor.ts';
export { type IngestLogStatus, LocalIngestLog } from './ingest/local-log.ts';
export { PriceTable } from './pricing/prices.ts';
export { ingestReadiness } from './readiness.ts';
export { createIngestDeps, type IngestRuntimeHooks } from './runtime.ts';
