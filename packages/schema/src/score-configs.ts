import * as v from 'valibot';
import { PaginationMeta } from './common.ts';
import { SCORE_DATA_TYPES } from './scores.ts';

/*
 * Langfuse's score configs (`/api/public/score-configs`, docs/langfuse.md#score-configs): the
 * schema a score names by `configId`. Field names, bodies and answers are Langfuse's, so its SDKs
 * (`api.scoreConfigs` of @langfuse/client, the legacy SDK's `api.scoreConfigs*`) work. The rules
 * that tie fields to the data type (a range only for NUMERIC, categories for CATEGORICAL, ...) hold
 * for a config as a whole, after an update too: they are the query API's (score-configs/rules.ts).
 */

/** A config's data type: a score's, as Langfuse's ScoreConfigDataType. */
export const SCORE_CONFIG_DATA_TYPES = SCORE_DATA_TYPES;
export type ScoreConfigDataType = (typeof SCORE_CONFIG_DATA_TYPES)[number];

/** Langfuse's rule for a config name: 1 to 35 letters, digits, spaces and `_ . ( ) -`. */
export const SCORE_CONFIG_NAME_MAX_LENGTH = 35;
export const ScoreConfigName = v.pipe(
  v.string('must be a string'),
  v.minLength(1, 'must not be empty'),
  v.maxLength(SCORE_CONFIG_NAME_MAX_LENGTH, `must be at most ${SCORE_CONFIG_NAME_MAX_LENGTH} characters`),
  v.regex(/^[\p{L}\p{N}_ .()-]*$/u, 'Name contains invalid characters'),
);

/** The id of a config as a path parameter: generated ids are UUIDs; anything else is no config (404). */
export const ScoreConfigId = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(128, 'must be at most 128 characters'),
);

/** A category of a CATEGORICAL (or BOOLEAN) config: a score's `value` is its label. */
export const ConfigCategory = v.object({
  label: v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty')),
  value: v.pipe(v.number('must be a number'), v.finite('must be a finite number')),
});
export type ConfigCategory = v.InferOutput<typeof ConfigCategory>;

const Categories = v.array(
  ConfigCategory,
  'Category must be an array of objects with label value pairs, where labels and values are unique.',
);
const Bound = v.pipe(v.number('must be a number'), v.finite('must be a finite number'));

/** POST /api/public/score-configs. */
export const ScoreConfigCreateBody = v.object({
  name: ScoreConfigName,
  dataType: v.picklist(SCORE_CONFIG_DATA_TYPES, `must be one of ${SCORE_CONFIG_DATA_TYPES.join(', ')}`),
  categories: v.nullish(Categories),
  minValue: v.nullish(Bound),
  maxValue: v.nullish(Bound),
  description: v.nullish(v.string('must be a string')),
});
export type ScoreConfigCreateBody = v.InferOutput<typeof ScoreConfigCreateBody>;

/** PATCH /api/public/score-configs/{configId}: the fields it changes, at least one (Langfuse's rule). */
export const ScoreConfigUpdateBody = v.pipe(
  v.object({
    isArchived: v.optional(v.boolean('must be a boolean')),
    name: v.optional(ScoreConfigName),
    categories: v.optional(Categories),
    minValue: v.optional(Bound),
    maxValue: v.optional(Bound),
    description: v.optional(v.string('must be a string')),
  }),
  v.check(
    (body) => Object.values(body).some((x) => x !== undefined),
    'Request body cannot be empty. At least one field must be provided for update.',
  ),
);
export type ScoreConfigUpdateBody = v.InferOutput<typeof ScoreConfigUpdateBody>;

/** A config as Langfuse answers it: the range, categories and description null when not set. */
export const ScoreConfigOutput = v.object({
  id: v.string(),
  projectId: v.string(),
  name: v.string(),
  dataType: v.picklist(SCORE_CONFIG_DATA_TYPES),
  isArchived: v.boolean(),
  minValue: v.nullable(v.number()),
  maxValue: v.nullable(v.number()),
  categories: v.nullable(v.array(ConfigCategory)),
  description: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type ScoreConfigOutput = v.InferOutput<typeof ScoreConfigOutput>;

export const ScoreConfigList = v.object({ data: v.array(ScoreConfigOutput), meta: PaginationMeta });
export type ScoreConfigList = v.InferOutput<typeof ScoreConfigList>;
