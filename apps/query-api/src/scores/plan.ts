import type { ScoreListParams } from './params.ts';

/**
 * Which table a score list reads:
 * - `by-trace`: `scores` itself, sorted by trace, when the filter names the traces (traceId, or a
 *   userId, whose traces the traces table gives): a few key ranges, read whole and sorted by time;
 *   also for a JSON `filter`, whose conditions may read columns `score_times` lacks (metadata): then
 *   every score of the project is read;
 * - `by-time`: otherwise `score_times`, sorted by time, read newest first until the page is full,
 *   each listed row checked against `scores` (see listScores).
 */
export type ScoreListPlan = 'by-trace' | 'by-time';

export function scoreListPlan(q: Pick<ScoreListParams, 'traceId' | 'userId' | 'conditions'>): ScoreListPlan {
  return q.traceId !== undefined || q.userId !== undefined || q.conditions ? 'by-trace' : 'by-time';
}

/** Rows read from score_times per try: the page's rank plus slack for re-sent and deleted rows. */
export const FIRST_READ_SLACK = 50;
/** Each further try reads this many times more; past MAX_TIME_ROWS the plan falls back to by-trace. */
export const READ_GROWTH = 4;
export const MAX_TIME_ROWS = 200_000;
