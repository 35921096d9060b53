export { openDb, quoteIdent, type Db, type DbMode, type DbOptions } from './connection.ts';
export {
  migrate,
  loadMigrations,
  splitStatements,
  MIGRATIONS_DIR,
  type Migration,
  type MigrateOptions,
} from './migrations.ts';
export { queryRows, ParamBuilder, type QueryParams, type RowQuery, type SqlFragment } from './query.ts';
export { TABLES } from './tables.ts';
export { openTestDb } from './testing.ts';
export type { ClickHouseClient } from '@clickhouse/client';
