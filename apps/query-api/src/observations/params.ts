import type { ProjectParams } from '@spanhouse/db';
import { isoToMicros, OBSERVATION_LEVELS, OBSERVATION_TYPES } from '@spanhouse/schema';
import * as v from 'valibot';
import { OBSERVATION_FILTER_COLUMNS } from '../filter/observation-columns.ts';
import { Filter, type ParsedFilter, withFilter } from '../filter/param.ts';
import { Int, List, One, OneOf, Pagination, Time } from '../query-params.ts';
import { Search } from '../search/param.ts';

const ObservationFilter = {
  name: v.optional(One('name')),
  userId: v.optional(One('userId')),
  type: v.optional(OneOf('type', OBSERVATION_TYPES)),
  traceId: v.optional(One('traceId')),
  parentObservationId: v.optional(One('parentObservationId')),
  level: v.optional(OneOf('level', OBSERVATION_LEVELS)),
  version: v.optional(One('version')),
  environment: v.optional(List),
  fromStartTime: v.optional(Time('fromStartTime')),
  toStartTime: v.optional(Time('toStartTime')),
  search: v.optional(Search),
  filter: v.optional(Filter(OBSERVATION_FILTER_COLUMNS)),
};
export type ObservationFilter = {
  [K in keyof typeof ObservationFilter]?: v.InferOutput<(typeof ObservationFilter)[K]>;
} & {
  sessionId?: string;
  isRootObservation?: boolean;
  filter?: ParsedFilter;
  conditions?: (p: ProjectParams) => string[];
};

/** GET /api/public/observations (Langfuse's v1 parameters; start bounds: from inclusive, to exclusive). */
export const ObservationListParams = v.pipe(v.object({ ...Pagination, ...ObservationFilter }), v.transform(withFilter));
export type ObservationListParams = v.InferOutput<typeof ObservationListParams>;

export const OBSERVATION_FIELD_GROUPS = [
  'core',
  'basic',
  'time',
  'io',
  'metadata',
  'model',
  'usage',
  'prompt',
  'metrics',
  'trace_context',
] as const;
export type ObservationFieldGroup = (typeof OBSERVATION_FIELD_GROUPS)[number];

/** Position after the last row of a page: its start time, trace and id (base64 JSON, Langfuse's layout). */
const Cursor = v.pipe(
  One('cursor'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const c = JSON.parse(Buffer.from(dataset.value, 'base64').toString('utf8'));
      const us = typeof c.lastStartTimeTo === 'string' ? (isoToMicros(c.lastStartTimeTo) ?? Number.NaN) : Number.NaN;
      if (Number.isFinite(us) && typeof c.lastTraceId === 'string' && typeof c.lastId === 'string') {
        return { startUs: us, traceId: c.lastTraceId as string, id: c.lastId as string };
      }
    } catch {}
    addIssue({ message: 'cursor is not a cursor this API returned' });
    return NEVER;
  }),
);
export type ObservationCursor = { startUs: number; traceId: string; id: string };

/** GET /api/public/v2/observations: cursor pages of up to 1000, field groups (default core,basic). */
export const ObservationV2Params = v.pipe(
  v.object({
    ...ObservationFilter,
    sessionId: v.optional(One('sessionId')),
    isRootObservation: v.optional(
      v.pipe(
        One('isRootObservation'),
        v.picklist(['true', 'false']),
        v.transform((s) => s === 'true'),
      ),
    ),
    limit: Int('limit', 1, 1000, 50),
    cursor: v.optional(Cursor),
    fields: v.optional(
      v.pipe(
        One('fields'),
        v.transform(
          (s) =>
            new Set(
              s
                .split(',')
                .map((x) => x.trim())
                .filter((x): x is ObservationFieldGroup => (OBSERVATION_FIELD_GROUPS as readonly string[]).includes(x)),
            ),
        ),
      ),
    ),
    parseIoAsJson: v.optional(
      v.pipe(
        One('parseIoAsJson'),
        v.check((s) => s !== 'true', 'parseIoAsJson=true is not supported: input and output are raw strings'),
      ),
    ),
    expandMetadata: v.optional(One('expandMetadata')),
  }),
  v.transform(withFilter),
);
export type ObservationV2Params = v.InferOutput<typeof ObservationV2Params>;

export function encodeCursor(c: { startTime: string; traceId: string; id: string }): string {
  return Buffer.from(JSON.stringify({ lastStartTimeTo: c.startTime, lastTraceId: c.traceId, lastId: c.id })).toString(
    'base64',
  );
}
