import * as v from 'valibot';
import { One, Pagination } from '../query-params.ts';
import { BOUNDS_MESSAGE, boundsInOrder, TraceFilterParams } from '../traces/params.ts';

/** GET /api/public/metrics/daily (docs/api.md): the trace filters and paging rules of the trace list. */
export const DailyParams = v.pipe(
  v.object({ ...Pagination, ...TraceFilterParams, traceName: v.optional(One('traceName')) }),
  v.check((p) => boundsInOrder(p), BOUNDS_MESSAGE),
);
export type DailyParams = v.InferOutput<typeof DailyParams>;
