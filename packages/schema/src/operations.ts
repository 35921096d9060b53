import * as v from 'valibot';

/** GET /healthz: the process runs. */
export const HealthResponse = v.object({ status: v.literal('ok') });

/** GET /api/public/health when ready (Langfuse's shape; 503 with the error body otherwise). */
export const LangfuseHealthResponse = v.object({ status: v.literal('OK'), version: v.string() });

/** GET /readyz when ready (503 with the error body otherwise). */
export const ReadyResponse = v.object({
  status: v.literal('ready'),
  /** Something an operator should know (ClickHouse refusing inserts, ingest behind). */
  note: v.optional(v.string()),
  /**
   * A process that ingests: how long the oldest acknowledged row not yet readable has waited
   * (seconds; 0 when every acknowledged row is readable).
   */
  ingestLagSeconds: v.optional(v.number()),
  /**
   * Why new ingest requests are refused while reads go on (free disk space below
   * DISK_MIN_FREE_BYTES); absent while ingest is taken. The web UI shows it in its header.
   */
  ingestRefused: v.optional(v.string()),
});

/** The OpenAPI document (GET /openapi.json), as far as a client relies on it. */
export const OpenApiDocument = v.looseObject({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) });
