import * as v from 'valibot';

/** GET /healthz: the process runs. */
export const HealthResponse = v.object({ status: v.literal('ok') });

/** GET /readyz when ready (503 with the error body otherwise). */
export const ReadyResponse = v.object({ status: v.literal('ready') });

/** The OpenAPI document (GET /openapi.json), as far as a client relies on it. */
export const OpenApiDocument = v.looseObject({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) });
