export type { ClickHouseClient } from '@clickhouse/client';
export { type ClusterOptions, clusterTransform, LOCAL_SUFFIX, migrationTransform, shardingKey } from './cluster.ts';
export { type Db, type DbMode, type DbOptions, openDb, quoteIdent } from './connection.ts';
export { clickHouseErrorCode, EngineSilentError, isEngineUnreachable } from './errors.ts';
export {
  loadMigrations,
  MIGRATIONS_DIR,
  MIGRATIONS_TABLE_DDL,
  type MigrateOptions,
  type Migration,
  migrate,
  splitStatements,
} from './migrations.ts';
export { exitAfterClose } from './process-exit.ts';
export {
  type CompactQuery,
  isQueryTooBig,
  isReadTimeout,
  observeQueries,
  ParamBuilder,
  PROJECT_CONDITION,
  ProjectParams,
  pingDb,
  projectScopeViolation,
  type QueryParams,
  queryCompact,
  queryRowBinary,
  queryRows,
  type ReadSettings,
  type RowQuery,
  withReadTimeout,
  withSettings,
} from './query.ts';
export type { RowBinaryInsert } from './row-binary-insert.ts';
export { openMigratedDb } from './startup.ts';
export { PROJECT_TABLES, RETIRED_TABLES, TABLES } from './tables.ts';
