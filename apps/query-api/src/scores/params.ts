import { SCORE_DATA_TYPES, SCORE_SOURCES } from '@spanhouse/schema';
import * as v from 'valibot';
import { List, One, Pagination, Time } from '../traces/params.ts';

const OPERATORS = ['<', '>', '<=', '>=', '!=', '='] as const;
export type ValueOperator = (typeof OPERATORS)[number];
export const SCORE_FIELD_GROUPS = ['score', 'trace'] as const;

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
 * traceTags repeated or comma-separated; `fields` score and trace (unknown groups ignored).
 */
export const ScoreListParams = v.pipe(
  v.object({
    ...Pagination,
    userId: v.optional(One('userId')),
    name: v.optional(One('name')),
    fromTimestamp: v.optional(Time('fromTimestamp')),
    toTimestamp: v.optional(Time('toTimestamp')),
    environment: v.optional(List),
    source: v.optional(
      v.pipe(One('source'), v.picklist(SCORE_SOURCES, `source must be one of ${SCORE_SOURCES.join(', ')}`)),
    ),
    operator: v.optional(
      v.pipe(One('operator'), v.picklist(OPERATORS, `operator must be one of ${OPERATORS.join(' ')}`)),
    ),
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
    dataType: v.optional(
      v.pipe(One('dataType'), v.picklist(SCORE_DATA_TYPES, `dataType must be one of ${SCORE_DATA_TYPES.join(', ')}`)),
    ),
    traceTags: v.optional(List),
    fields: v.optional(
      v.pipe(
        One('fields'),
        v.transform((s) => new Set(s.split(',').map((x) => x.trim()))),
      ),
    ),
  }),
  v.check((p) => (p.operator === undefined) === (p.value === undefined), 'operator and value go together'),
);
export type ScoreListParams = v.InferOutput<typeof ScoreListParams>;
