/** Table names, in one place. SQL refers to them unqualified: each connection's default database is ours. */
export const TABLES = {
  traces: 'traces',
  observationPieces: 'observation_pieces',
  observationTraces: 'observation_traces',
  scores: 'scores',
  scoreTimes: 'score_times',
  metricSeries: 'metric_series',
  metricSamples: 'metric_samples',
  metricMinutes: 'metric_minute_rollups',
  metricNonFinite: 'metric_nonfinite_samples',
  traceDayWrites: 'trace_day_writes',
  migrations: 'schema_migrations',
} as const;
