export { registerQueryRoutes } from './app.ts';
export type { QueryDeps } from './deps.ts';
export { type MetricsQuery, parseMetricsQuery } from './metrics/params.ts';
export { type QueryLimits, runMetricsQuery } from './metrics/query.ts';
export { MetricSeriesCache } from './metric-series/series-cache.ts';
export { instantQuery, rangeGrid, rangeQuery } from './prometheus/evaluate.ts';
export { PromResultCache } from './prometheus/result-cache.ts';
export { DailyDayCache } from './usage/day-cache.ts';
export { cachesHearingWrites } from './write-listening-caches.ts';
