/** Table names, in one place. SQL refers to them unqualified: each connection's default database is ours. */
export const TABLES = {
  traces: 'traces_v2',
  observationPieces: 'observation_pieces_v2',
  observationTraces: 'observation_traces_v2',
  observationTimes: 'observation_times_v2',
  scores: 'scores_v2',
  scoreTimes: 'score_times_v2',
  scoreConfigs: 'score_configs',
  metricSeries: 'metric_series_v2',
  metricSamples: 'metric_samples_v2',
  metricMinutes: 'metric_minute_rollups_v2',
  metricNonFinite: 'metric_nonfinite_samples_v2',
  traceDayWrites: 'trace_day_writes_v2',
  traceSearch: 'trace_search_v3',
  traceDeletions: 'trace_deletions_v2',
  traceRewrites: 'trace_rewrites',
  traceTombstonesSettled: 'trace_tombstones_settled_by_table',
  seriesDeletions: 'series_deletions_v2',
  projects: 'projects',
  apiKeys: 'api_keys',
  apiKeyUses: 'api_key_uses',
  migrations: 'schema_migrations',
} as const;

/**
 * The tables whose every row belongs to a project (`project_id`, the first column of their sort
 * key; clickhouse/0021). Every read of them names its project: the query port refuses one that
 * does not (query.ts, projectScopeViolation).
 */
export const PROJECT_TABLES: readonly string[] = [
  TABLES.traces,
  TABLES.observationPieces,
  TABLES.observationTraces,
  TABLES.observationTimes,
  TABLES.scores,
  TABLES.scoreTimes,
  TABLES.scoreConfigs,
  TABLES.metricSeries,
  TABLES.metricSamples,
  TABLES.metricMinutes,
  TABLES.metricNonFinite,
  TABLES.traceDayWrites,
  TABLES.traceSearch,
  TABLES.traceDeletions,
  TABLES.seriesDeletions,
];

/**
 * Tables of earlier migrations that later ones replaced and dropped (0006: metric_minutes; 0007:
 * observations; 0022: every table before projects; 0051: trace_search_v2; 0059: 0058's
 * trace_tombstones_settled). Their migrations still run on a new database
 * and are rewritten for a cluster, so the cluster transform knows their names.
 */
export const RETIRED_TABLES: readonly string[] = [
  'metric_minutes',
  'observations',
  'traces',
  'observation_pieces',
  'observation_traces',
  'scores',
  'score_times',
  'trace_day_writes',
  'metric_series',
  'metric_samples',
  'metric_minute_rollups',
  'metric_nonfinite_samples',
  'trace_search_v2',
  'trace_tombstones_settled',
];
