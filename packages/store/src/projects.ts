import { TABLES } from '@spanhouse/db/tables';
import { chToIso } from '@spanhouse/schema';

/*
 * `projects` (clickhouse/0020, ReplacingMergeTree(version)): one row per version of a project; a
 * change writes the next version, a deletion one with deleted = 1 (kept). Writer: ProjectRow
 * (JSONEachRow through the writer connection: admin writes are few and answered once stored).
 * Reader: PROJECT_SELECT (every version merged: FROM projects FINAL), decodeProject.
 */

/** Row of `projects`; times in milliseconds. */
export type ProjectRow = {
  id: string;
  name: string;
  /** A JSON object's text. */
  metadata: string;
  /** 0: keep forever. */
  retention_days: number;
  created_at: number;
  deleted: 0 | 1;
  /** The deleted project's rows are gone from the data tables. */
  data_removed: 0 | 1;
  version: number;
};

/** A row as JSONEachRow takes it (DateTime64(3) from milliseconds as text). */
export const projectInsertRow = (r: ProjectRow) => ({ ...r, created_at: msText(r.created_at) });

/** Every project, each at its latest version (deleted ones included). */
export const PROJECTS_SQL = `
  SELECT id, name, metadata, retention_days, toUnixTimestamp64Milli(created_at) AS created_ms, deleted, data_removed, version
  FROM ${TABLES.projects} FINAL`;

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));

/** One row of PROJECTS_SQL. */
export function decodeProject(r: Record<string, unknown>): ProjectRow {
  return {
    id: str(r.id),
    name: str(r.name),
    metadata: str(r.metadata),
    retention_days: Number(r.retention_days),
    created_at: Number(r.created_ms),
    deleted: Number(r.deleted) === 1 ? 1 : 0,
    data_removed: Number(r.data_removed) === 1 ? 1 : 0,
    version: Number(r.version),
  };
}

/** Milliseconds as ClickHouse's DateTime64(3) text in UTC. */
export const msText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** Milliseconds as the ISO text answers carry. */
export const msIso = (ms: number) => chToIso(msText(ms));
