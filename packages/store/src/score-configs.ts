import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import type { ConfigCategory, ScoreConfigDataType } from '@spanhouse/schema';
import { SCORE_CONFIG_DATA_TYPES } from '@spanhouse/schema';
import { fromProject } from './project.ts';
import { msText } from './projects.ts';

/*
 * `score_configs` (clickhouse/0060, ReplacingMergeTree(version)): one row per version of a
 * project's score config; an update writes the next version. Writer: ScoreConfigRow through
 * scoreConfigInsertRow (JSONEachRow through the writer connection: config changes are few and
 * answered once stored). Readers: scoreConfigsSql (by ids, or a page newest first),
 * SCORE_CONFIG_COUNT (the listing's total), decodeScoreConfig.
 */

/** Row of `score_configs`; times in milliseconds; null where the config does not set a value. */
export type ScoreConfigRow = {
  project_id: string;
  id: string;
  name: string;
  data_type: ScoreConfigDataType;
  is_archived: 0 | 1;
  min_value: number | null;
  max_value: number | null;
  categories: ConfigCategory[] | null;
  description: string | null;
  created_at: number;
  updated_at: number;
  version: number;
};

/** A row as JSONEachRow takes it: categories as their JSON text ('' for none), times as text. */
export const scoreConfigInsertRow = (r: ScoreConfigRow) => ({
  ...r,
  categories: r.categories === null ? '' : JSON.stringify(r.categories),
  created_at: msText(r.created_at),
  updated_at: msText(r.updated_at),
});

const COLUMNS = `project_id, id, name, data_type, is_archived, min_value, max_value, categories, description,
  toUnixTimestamp64Milli(created_at) AS created_ms, toUnixTimestamp64Milli(updated_at) AS updated_ms, version`;

/**
 * A project's configs at their latest versions: those of `ids`, or with `page` a page of them newest
 * first (Langfuse's order: created first, then id).
 */
export function scoreConfigsSql(
  p: ProjectParams,
  select: { ids: readonly string[] } | { page: number; limit: number },
): string {
  const from = fromProject(TABLES.scoreConfigs, p, { final: true });
  if ('ids' in select) return `SELECT ${COLUMNS} ${from} AND id IN ${p.add(select.ids, 'Array(String)')}`;
  return `SELECT ${COLUMNS} ${from} ORDER BY created_ms DESC, id
    LIMIT ${p.add(select.limit, 'UInt32')} OFFSET ${p.add((select.page - 1) * select.limit, 'UInt64')}`;
}

/** How many configs a project has (rows: n). */
export const scoreConfigCountSql = (p: ProjectParams) =>
  `SELECT count() AS n ${fromProject(TABLES.scoreConfigs, p, { final: true })}`;

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));
const numberOrNull = (x: unknown) => (x === null || x === undefined ? null : Number(x));
const dataTypeOf = (x: unknown): ScoreConfigDataType => {
  const s = str(x);
  return (SCORE_CONFIG_DATA_TYPES as readonly string[]).includes(s) ? (s as ScoreConfigDataType) : 'NUMERIC';
};

/** The stored categories' text back to categories: only well-formed label/value pairs are kept. */
function categoriesOf(text: unknown): ConfigCategory[] | null {
  if (typeof text !== 'string' || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return parsed.filter((c): c is ConfigCategory => typeof c?.label === 'string' && typeof c?.value === 'number');
}

/** One row of scoreConfigsSql. */
export function decodeScoreConfig(r: Record<string, unknown>): ScoreConfigRow {
  return {
    project_id: str(r.project_id),
    id: str(r.id),
    name: str(r.name),
    data_type: dataTypeOf(r.data_type),
    is_archived: Number(r.is_archived) === 1 ? 1 : 0,
    min_value: numberOrNull(r.min_value),
    max_value: numberOrNull(r.max_value),
    categories: categoriesOf(r.categories),
    description: r.description === null || r.description === undefined ? null : str(r.description),
    created_at: Number(r.created_ms),
    updated_at: Number(r.updated_ms),
    version: Number(r.version),
  };
}
