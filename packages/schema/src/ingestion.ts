import * as v from 'valibot';
import { ENTITY_ID_MAX_LENGTH, IsoDateTime, JsonObject } from './common.ts';
import { ObservationLevel } from './traces.ts';

/*
 * POST /api/public/ingestion: Langfuse's batch envelope and event bodies, field for field as its
 * public ingestion API takes them (nullish where Langfuse's are). Only the envelope is checked here
 * as a whole; each event is checked on its own (IngestionEvent), so one bad event is reported and
 * skipped while the others are stored.
 */

/** Entity ids: 1 to ENTITY_ID_MAX_LENGTH characters, as everywhere in this service. */
export const EntityId = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(ENTITY_ID_MAX_LENGTH, `must be at most ${ENTITY_ID_MAX_LENGTH} characters`),
);
const Text = v.nullish(v.string());
const Time = v.nullish(IsoDateTime);
const Int = v.nullish(v.pipe(v.number(), v.integer('must be an integer')));
const Num = v.nullish(v.pipe(v.number(), v.finite()));

/** `{batch: [...], metadata?}`: anything else is a plain 400. */
export const IngestionEnvelope = v.object({
  batch: v.array(v.unknown(), 'batch: must be an array of events'),
  metadata: v.nullish(v.unknown()),
});

/** Langfuse's legacy usage object: input/output/total or the OpenAI-style promptTokens. */
export const LegacyUsage = v.object({
  input: Int,
  output: Int,
  total: Int,
  unit: Text,
  promptTokens: Int,
  completionTokens: Int,
  totalTokens: Int,
  inputCost: Num,
  outputCost: Num,
  totalCost: Num,
});

export const TraceBody = v.object({
  id: EntityId,
  timestamp: Time,
  name: v.nullish(v.pipe(v.string(), v.maxLength(1000, 'must be at most 1000 characters'))),
  input: v.optional(v.unknown()),
  output: v.optional(v.unknown()),
  sessionId: Text,
  userId: Text,
  environment: Text,
  metadata: v.optional(v.unknown()),
  release: Text,
  version: Text,
  public: v.nullish(v.boolean()),
  tags: v.nullish(v.array(v.string())),
});
export type TraceBody = v.InferOutput<typeof TraceBody>;

/** Every observation event's body (create and update alike); generation fields are optional. */
export const ObservationBody = v.object({
  id: EntityId,
  traceId: v.nullish(EntityId),
  type: v.nullish(v.picklist(['GENERATION', 'SPAN', 'EVENT'])),
  name: Text,
  startTime: Time,
  endTime: Time,
  completionStartTime: Time,
  model: Text,
  modelParameters: v.nullish(JsonObject),
  input: v.optional(v.unknown()),
  output: v.optional(v.unknown()),
  metadata: v.optional(v.unknown()),
  level: v.nullish(ObservationLevel),
  statusMessage: Text,
  parentObservationId: v.nullish(v.string()),
  version: Text,
  environment: Text,
  usage: v.nullish(LegacyUsage),
  usageDetails: v.nullish(JsonObject),
  costDetails: v.nullish(JsonObject),
  promptName: Text,
  promptVersion: Int,
});
export type ObservationBody = v.InferOutput<typeof ObservationBody>;

/** A score as both the ingestion API and POST /api/public/scores take it. */
export const ScoreBody = v.object({
  id: v.nullish(EntityId),
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
  value: v.union([v.pipe(v.number(), v.finite()), v.string()], 'must be a number or a string'),
  traceId: v.nullish(EntityId),
  sessionId: Text,
  observationId: Text,
  datasetRunId: Text,
  comment: Text,
  metadata: v.optional(v.unknown()),
  environment: Text,
  source: v.nullish(v.picklist(['API', 'EVAL', 'ANNOTATION'])),
  dataType: v.nullish(v.picklist(['NUMERIC', 'BOOLEAN', 'CATEGORICAL', 'TEXT'])),
  configId: Text,
  queueId: Text,
});
export type ScoreBody = v.InferOutput<typeof ScoreBody>;

const base = { id: v.string(), timestamp: IsoDateTime, metadata: v.nullish(v.unknown()) };
const event = <T extends string, B extends v.GenericSchema>(type: T, body: B) =>
  v.object({ ...base, type: v.literal(type), body });

export const OBSERVATION_EVENT_TYPES = {
  'span-create': 'SPAN',
  'span-update': 'SPAN',
  'generation-create': 'GENERATION',
  'generation-update': 'GENERATION',
  'event-create': 'EVENT',
  'agent-create': 'AGENT',
  'tool-create': 'TOOL',
  'chain-create': 'CHAIN',
  'retriever-create': 'RETRIEVER',
  'evaluator-create': 'EVALUATOR',
  'embedding-create': 'EMBEDDING',
  'guardrail-create': 'GUARDRAIL',
  'observation-create': undefined,
  'observation-update': undefined,
} as const;
export type ObservationEventType = keyof typeof OBSERVATION_EVENT_TYPES;

/** One event of a batch, told apart by `type`. */
export const IngestionEvent = v.variant(
  'type',
  [
    event('trace-create', TraceBody),
    event('score-create', ScoreBody),
    event('sdk-log', v.object({ log: v.unknown() })),
    ...(Object.keys(OBSERVATION_EVENT_TYPES) as ObservationEventType[]).map((type) => event(type, ObservationBody)),
  ],
  `type: must be one of trace-create, score-create, sdk-log, ${Object.keys(OBSERVATION_EVENT_TYPES).join(', ')}`,
);
export type IngestionEvent = v.InferOutput<typeof IngestionEvent>;

export const IngestionResponse = v.object({
  successes: v.array(v.object({ id: v.string(), status: v.number() })),
  errors: v.array(
    v.object({ id: v.string(), status: v.number(), message: v.optional(v.string()), error: v.optional(v.unknown()) }),
  ),
});
export type IngestionResponse = v.InferOutput<typeof IngestionResponse>;
