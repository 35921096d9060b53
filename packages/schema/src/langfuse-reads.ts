import * as v from 'valibot';
import { PaginationMeta } from './common.ts';
import { ObservationOutput, TraceCore } from './traces.ts';

/*
 * Answers of Langfuse's read endpoints beyond traces and scores (docs/langfuse.md): the project
 * the keys belong to, sessions, and observations in v1 pages and v2 cursor pages.
 */

/** A session: the traces that name it, created with the first of them, in its environment. */
export const SessionOutput = v.object({
  id: v.string(),
  createdAt: v.string(),
  projectId: v.string(),
  environment: v.string(),
});
export type SessionOutput = v.InferOutput<typeof SessionOutput>;

export const SessionListResponse = v.object({ data: v.array(SessionOutput), meta: PaginationMeta });
export type SessionListResponse = v.InferOutput<typeof SessionListResponse>;

/** A trace as a session lists it (Langfuse's Trace shape). */
export const SessionTrace = v.object(TraceCore);
export type SessionTrace = v.InferOutput<typeof SessionTrace>;

/** GET /api/public/sessions/:sessionId: the session with its traces, oldest first. */
export const SessionDetail = v.object({ ...SessionOutput.entries, traces: v.array(SessionTrace) });
export type SessionDetail = v.InferOutput<typeof SessionDetail>;

/** GET /api/public/observations: a page of observations. */
export const ObservationListResponse = v.object({ data: v.array(ObservationOutput), meta: PaginationMeta });

/**
 * GET /api/public/v2/observations: observations with the fields of the requested groups (the core
 * fields always), and the cursor of the next page when there is one.
 */
export const ObservationV2Response = v.object({
  data: v.array(
    v.looseObject({
      id: v.string(),
      traceId: v.string(),
      startTime: v.string(),
      endTime: v.nullable(v.string()),
      projectId: v.string(),
      parentObservationId: v.nullable(v.string()),
      type: v.string(),
    }),
  ),
  meta: v.object({ cursor: v.optional(v.string()) }),
});

/**
 * GET /api/public/metrics (Langfuse's Metrics API v1): one row per group, its dimensions by name,
 * `time_dimension` with a time dimension, and each metric as `<aggregation>_<measure>`.
 */
export const LangfuseMetricsResponse = v.object({ data: v.array(v.record(v.string(), v.unknown())) });
