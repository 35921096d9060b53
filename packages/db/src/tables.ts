/** Table names, in one place. SQL refers to them unqualified: each connection's default database is ours. */
export const TABLES = {
  traces: 'traces',
  observations: 'observations',
  metricSeries: 'metric_series',
  metricSamples: 'metric_samples',
  metricMinutes: 'metric_minutes',
  migrations: 'schema_migrations',
} as const;
