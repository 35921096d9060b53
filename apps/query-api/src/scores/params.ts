import { SCORE_DATA_TYPES, SCORE_SOURCES } from '@spanhouse/schema';
import * as v from 'valibot';
import { Filter, withFilter } from '../filter/param.ts';
import { SCORE_FILTER_COLUMNS } from '../filter/score-columns.ts';
import { List, One, OneOf, Pagination, Time } from '../query-params.ts';

const OPERATORS = ['<', '>', '<=', '>=', '!=', '='] as const;

const Ids = v.pipe(
  One('ids'),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
);

/**
 * GET /api/public/scores and /api/public/v2/scores, with Langfuse's parameter names: fromTimestamp
 * inclusive, toTimestamp exclusive; scoreIds and observationId comma lists; environment and
 * traceTags repeated or comma-separated; `fields` score and trace (unknown groups ignored); the JSON
 * `filter` over SCORE_FILTER_COLUMNS, each condition replacing the simple parameter of its field.
 */
export const ScoreListParams = v.pipe(
  v.object({
    ...Pagination,
    userId: v.optional(One('userId')),
    name: v.optional(One('name')),
    fromTimestamp: v.optional(Time('fromTimestamp')),
    toTimestamp: v.optional(Time('toTimestamp')),
    environment: v.optional(List),
    source: v.optional(OneOf('source', SCORE_SOURCES)),
    operator: v.optional(OneOf('operator', OPERATORS, ' ')),
    value: v.optional(
      v.pipe(
        One('value'),
        v.transform(Number),
        v.check((n) => Number.isFinite(n), 'value must be a number'),
      ),
    ),
    scoreIds: v.optional(Ids),
    configId: v.optional(One('configId')),
    queueId: v.optional(One('queueId')),
    sessionId: v.optional(One('sessionId')),
    datasetRunId: v.optional(One('datasetRunId')),
    traceId: v.optional(One('traceId')),
    observationId: v.optional(Ids),
    dataType: v.optional(OneOf('dataType', SCORE_DATA_TYPES)),
    traceTags: v.optional(List),
    fields: v.optional(
      v.pipe(
        One('fields'),
        v.transform((s) => new Set(s.split(',').map((x) => x.trim()))),
      ),
    ),
    filter: v.optional(Filter(SCORE_FILTER_COLUMNS)),
  }),
  v.check((p) => (p.operator === undefined) === (p.value === undefined), 'operator and value go together'),
  v.transform(withFilter),
);
export type ScoreListParams = v.InferOutput<typeof ScoreListParams>;
