import * as v from 'valibot';
import { ENTITY_ID_MAX_LENGTH, Integer, IsoDateTime, JsonObject, PaginationMeta } from './common.ts';
import { ScoreOutput } from './scores.ts';
import { isoToMicros, isStorableMicros, STORED_TIME_RANGE_MESSAGE } from './time.ts';

/** Observation types (docs/api.md): Langfuse's. */
export const OBSERVATION_TYPES = [
  'SPAN',
  'GENERATION',
  'EVENT',
  'AGENT',
  'TOOL',
  'CHAIN',
  'RETRIEVER',
  'EVALUATOR',
  'EMBEDDING',
  'GUARDRAIL',
] as const;
export const ObservationType = v.picklist(OBSERVATION_TYPES);
export type ObservationType = v.InferOutput<typeof ObservationType>;

/**
 * A trace or observation id, kept exactly as sent: it is what the client reads the trace back
 * with (`GET /api/public/traces/{id}`), what children name as their parent and what the other
 * ingest paths store untouched, so surrounding spaces are part of it. Only blank ids are refused.
 */
const Id = v.pipe(
  v.string(),
  v.check((s) => s.trim().length > 0, 'must not be empty'),
  v.maxLength(ENTITY_ID_MAX_LENGTH, `must be at most ${ENTITY_ID_MAX_LENGTH} characters`),
);
const OptText = v.optional(v.nullable(v.string()));

/** A trace or observation time: an ISO 8601 date-time within STORED_TIME_RANGE_US. */
const StoredDateTime = v.pipe(
  IsoDateTime,
  v.check((s) => {
    const us = isoToMicros(s);
    return us === null || isStorableMicros(us); // null: IsoDateTime or the batch mapping words it
  }, STORED_TIME_RANGE_MESSAGE),
);

/**
 * Token counts are integers from 0 to Number.MAX_SAFE_INTEGER (2^53 - 1). Above it a JS number
 * no longer holds every integer, from 1e21 it prints as `1e+21` (which a UInt64 column refuses)
 * and above 2^64 it would not fit the column at all; no real count comes near 2^53.
 */
export const TOKEN_COUNT_MAX = Number.MAX_SAFE_INTEGER;
const TokenCount = v.optional(
  v.nullable(
    v.pipe(
      v.number(),
      v.integer('must be an integer'),
      v.minValue(0, 'must be >= 0'),
      v.maxValue(TOKEN_COUNT_MAX, `must be at most ${TOKEN_COUNT_MAX}`),
    ),
  ),
);
/**
 * Costs in USD are finite, from 0 to 1e12 (a trillion dollars per value). Without a ceiling two
 * finite costs (input 1e308 + output 1e308) or a trace's sum of them overflow to Infinity, which
 * ClickHouse stores but its JSON output turns into null, so the trace read back with a total cost
 * of 0. With it no sum a trace or a day can hold leaves the range of a double.
 */
export const COST_MAX_USD = 1e12;
const Money = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(0, 'must be >= 0'),
  v.maxValue(COST_MAX_USD, `must be at most ${COST_MAX_USD}`),
);

/** A trace of a batch (docs/api.md). Only `id` is required; unknown fields are ignored. */
export const TraceInput = v.object({
  id: Id,
  timestamp: v.optional(v.nullable(StoredDateTime)),
  name: OptText,
  userId: OptText,
  session_id: OptText,
  /** Accepted as an alias of session_id: clients that speak the output spelling. */
  sessionId: OptText,
  release: OptText,
  version: OptText,
  tags: v.optional(v.nullable(v.array(v.string()))),
  metadata: v.optional(v.nullable(JsonObject)),
  environment: OptText,
  input: v.optional(v.unknown()),
  output: v.optional(v.unknown()),
});
export type TraceInput = v.InferOutput<typeof TraceInput>;

/**
 * Provided per-observation costs in USD (Langfuse's costDetails); they win over the price table.
 * Kinds beyond input, output and total (`input_cached_tokens`, ...) are kept, as the ingestion API
 * keeps them; without `total` the cost is the sum of the kinds.
 */
export const CostDetails = v.objectWithRest(
  {
    input: v.optional(Money),
    output: v.optional(Money),
    total: v.optional(Money),
  },
  Money,
);

/**
 * Token counts per usage kind (Langfuse's usageDetails): input, output, total and any other kind
 * (`input_cached_tokens`, `output_reasoning_tokens`, ...), counted by the usage-kind rule
 * (docs/api.md) as the ingestion API's are.
 */
const UsageDetails = v.objectWithRest({ input: TokenCount, output: TokenCount, total: TokenCount }, TokenCount);

/** An observation of a batch (docs/api.md), with Langfuse's usageDetails/costDetails. */
export const ObservationInput = v.object({
  id: Id,
  traceId: v.optional(v.nullable(Id)),
  type: v.optional(v.nullable(ObservationType)),
  name: OptText,
  startTime: StoredDateTime,
  endTime: v.optional(v.nullable(StoredDateTime)),
  model: OptText,
  input: v.optional(v.unknown()),
  output: v.optional(v.unknown()),
  promptTokens: TokenCount,
  completionTokens: TokenCount,
  totalTokens: TokenCount,
  usageDetails: v.optional(v.nullable(UsageDetails)),
  costDetails: v.optional(v.nullable(CostDetails)),
  parentObservationId: v.optional(v.nullable(Id)),
  metadata: v.optional(v.nullable(JsonObject)),
  environment: OptText,
});
export type ObservationInput = v.InferOutput<typeof ObservationInput>;

/** The body of POST /v1/l/batch. */
export const BatchRequest = v.object({
  trace: TraceInput,
  observations: v.optional(v.array(ObservationInput), []),
});
export type BatchRequest = v.InferOutput<typeof BatchRequest>;

export const MessageResponse = v.object({ message: v.string() });

export const Usage = v.object({ unit: v.nullable(v.string()), input: Integer, output: Integer, total: Integer });

export const OBSERVATION_LEVELS = ['DEBUG', 'DEFAULT', 'WARNING', 'ERROR'] as const;
export const ObservationLevel = v.picklist(OBSERVATION_LEVELS);

/**
 * Usage or cost kinds to numbers, passed on as given: every kind is the client's, "__proto__"
 * included (a record schema would leave such keys out).
 */
const NumberMap = v.custom<Record<string, number>>(
  (x) =>
    typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((n) => typeof n === 'number'),
  'must be an object of numbers',
);

/**
 * An observation as the single trace and the observation reads return it (docs/api.md): Langfuse's
 * ObservationsView, plus `totalCost` (USD) and `events` (OTLP span events kept on it: name, time,
 * attributes).
 */
export const ObservationOutput = v.object({
  id: v.string(),
  projectId: v.string(),
  traceId: v.string(),
  type: ObservationType,
  name: v.nullable(v.string()),
  startTime: v.string(),
  endTime: v.nullable(v.string()),
  completionStartTime: v.nullable(v.string()),
  model: v.nullable(v.string()),
  modelParameters: v.unknown(),
  input: v.unknown(),
  output: v.unknown(),
  metadata: JsonObject,
  level: ObservationLevel,
  statusMessage: v.nullable(v.string()),
  parentObservationId: v.nullable(v.string()),
  version: v.nullable(v.string()),
  environment: v.string(),
  promptId: v.nullable(v.string()),
  promptName: v.nullable(v.string()),
  promptVersion: v.nullable(v.number()),
  usageDetails: NumberMap,
  costDetails: NumberMap,
  usage: Usage,
  unit: v.nullable(v.string()),
  promptTokens: v.number(),
  completionTokens: v.number(),
  totalTokens: v.number(),
  /** Langfuse's pricing tier: always null (no pricing tiers here). */
  usagePricingTierName: v.null(),
  usagePricingTierId: v.null(),
  modelId: v.nullable(v.string()),
  inputPrice: v.nullable(v.number()),
  outputPrice: v.nullable(v.number()),
  totalPrice: v.nullable(v.number()),
  calculatedInputCost: v.nullable(v.number()),
  calculatedOutputCost: v.nullable(v.number()),
  calculatedTotalCost: v.nullable(v.number()),
  /** USD: provided costs, else usage at the model's price. */
  totalCost: v.number(),
  /** Seconds; null while the observation has no end time. */
  latency: v.nullable(v.number()),
  timeToFirstToken: v.nullable(v.number()),
  events: v.array(v.unknown()),
});
export type ObservationOutput = v.InferOutput<typeof ObservationOutput>;

/** The fields of a trace in every answer that shows one (list, single trace, session). */
export const TraceCore = {
  id: v.string(),
  projectId: v.string(),
  timestamp: v.string(),
  name: v.nullable(v.string()),
  sessionId: v.nullable(v.string()),
  userId: v.nullable(v.string()),
  version: v.nullable(v.string()),
  release: v.nullable(v.string()),
  environment: v.string(),
  tags: v.array(v.string()),
  input: v.unknown(),
  output: v.unknown(),
  metadata: JsonObject,
  /** Seconds; -1 when the metrics group is excluded. */
  latency: v.number(),
  /** USD; -1 when the metrics group is excluded. */
  totalCost: v.number(),
  /** Langfuse's public-sharing flag: always false (no trace is shared publicly here). */
  public: v.boolean(),
  /** Langfuse's bookmark flag: always false (no bookmarks here). */
  bookmarked: v.boolean(),
  /** Langfuse's external id: always null, as in Langfuse. */
  externalId: v.null(),
  /** The trace's page in Langfuse's UI: `/project/{projectId}/traces/{id}`. */
  htmlPath: v.string(),
};

/** A trace of the trace list (docs/api.md). */
export const TraceListItem = v.object({
  ...TraceCore,
  /** Tokens summed over the trace's observations; -1 each when the metrics group is excluded. */
  usage: v.object({ input: v.number(), output: v.number(), total: v.number() }),
  observations: v.array(v.string()),
  /** Score ids (trace scores); [] when the scores group is excluded. */
  scores: v.array(v.string()),
});
export type TraceListItem = v.InferOutput<typeof TraceListItem>;

export const TraceListResponse = v.object({ data: v.array(TraceListItem), meta: PaginationMeta });
export type TraceListResponse = v.InferOutput<typeof TraceListResponse>;

/** The single trace: the trace with full observation records. */
export const TraceDetail = v.object({
  ...TraceCore,
  observations: v.array(ObservationOutput),
  scores: v.array(ScoreOutput),
});
export type TraceDetail = v.InferOutput<typeof TraceDetail>;

/**
 * The JSON reply of POST /api/public/otel/v1/traces (an ExportTraceServiceResponse in the protobuf
 * JSON mapping): `{}`, or the spans that could not be stored (int64 as a decimal string).
 */
export const OtlpJsonResponse = v.object({
  partialSuccess: v.optional(v.object({ rejectedSpans: v.string(), errorMessage: v.string() })),
});
