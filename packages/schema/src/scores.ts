import * as v from 'valibot';
import { PaginationMeta } from './common.ts';

export const SCORE_DATA_TYPES = ['NUMERIC', 'BOOLEAN', 'CATEGORICAL', 'TEXT'] as const;
export const ScoreDataType = v.picklist(SCORE_DATA_TYPES);
export type ScoreDataType = v.InferOutput<typeof ScoreDataType>;
export const SCORE_SOURCES = ['API', 'EVAL', 'ANNOTATION'] as const;
export const ScoreSource = v.picklist(SCORE_SOURCES);
/** Langfuse's limit on a TEXT score's value. */
export const TEXT_SCORE_MAX_LENGTH = 500;

/** A score as Langfuse's v2 API shows it (v1 is the same for scores that have a trace). */
export const ScoreOutput = v.object({
  id: v.string(),
  projectId: v.string(),
  traceId: v.nullable(v.string()),
  observationId: v.nullable(v.string()),
  sessionId: v.nullable(v.string()),
  datasetRunId: v.nullable(v.string()),
  name: v.string(),
  value: v.optional(v.number()),
  stringValue: v.optional(v.string()),
  dataType: ScoreDataType,
  source: ScoreSource,
  timestamp: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  authorUserId: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  metadata: v.unknown(),
  configId: v.nullable(v.string()),
  queueId: v.nullable(v.string()),
  executionTraceId: v.nullable(v.string()),
  environment: v.string(),
  trace: v.optional(v.unknown()),
});
export type ScoreOutput = v.InferOutput<typeof ScoreOutput>;

export const ScoreListResponse = v.object({ data: v.array(ScoreOutput), meta: PaginationMeta });
export type ScoreListResponse = v.InferOutput<typeof ScoreListResponse>;

/** POST /api/public/scores: the stored score's id (the one sent, or a new one). */
export const ScoreCreateResponse = v.object({ id: v.string() });
export type ScoreCreateResponse = v.InferOutput<typeof ScoreCreateResponse>;
