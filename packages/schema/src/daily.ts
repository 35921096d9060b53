import * as v from 'valibot';
import { Integer, PaginationMeta } from './common.ts';

/** Per-model record of a day (docs/api.md, daily usage). `model` is null for observations without one. */
export const DailyModelUsage = v.object({
  model: v.nullable(v.string()),
  inputUsage: Integer,
  outputUsage: Integer,
  totalUsage: Integer,
  countTraces: Integer,
  countObservations: Integer,
  totalCost: v.number(),
});

export const DailyRecord = v.object({
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  countTraces: Integer,
  countObservations: Integer,
  totalCost: v.number(),
  usage: v.array(DailyModelUsage),
});
export type DailyRecord = v.InferOutput<typeof DailyRecord>;

export const DailyResponse = v.object({ data: v.array(DailyRecord), meta: PaginationMeta });
export type DailyResponse = v.InferOutput<typeof DailyResponse>;
