import type { ParamBuilder } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { msText } from './projects.ts';

/*
 * `api_keys` (clickhouse/0020, ReplacingMergeTree(version)): one row per version of a project's
 * key; revoking writes the next version with deleted = 1. The secret is never stored, only its
 * keyed hash. `api_key_uses`: each key's last use (max), written lazily. Writer: ApiKeyRow,
 * ApiKeyUseRow (JSONEachRow through the writer connection). Readers: ALL_KEYS_SQL (the key
 * ring's read of every key), projectKeysSql (a project's listing), keyUsesSql, decodeApiKey.
 */

/** Row of `api_keys`; times in milliseconds. */
export type ApiKeyRow = {
  project_id: string;
  id: string;
  public_key: string;
  /** HMAC-SHA-256 of the secret under the instance's pepper, hex. */
  secret_hash: string;
  display_secret_key: string;
  note: string;
  created_at: number;
  deleted: 0 | 1;
  version: number;
};

export const apiKeyInsertRow = (r: ApiKeyRow) => ({ ...r, created_at: msText(r.created_at) });

/** Row of `api_key_uses`. */
export const apiKeyUseRow = (id: string, usedAtMs: number) => ({ id, last_used_at: msText(usedAtMs) });

const COLUMNS = `project_id, id, public_key, secret_hash, display_secret_key, note,
  toUnixTimestamp64Milli(created_at) AS created_ms, deleted, version`;

/** Every key, each at its latest version (revoked ones too: readers merge by version). */
export const ALL_KEYS_SQL = `SELECT ${COLUMNS} FROM ${TABLES.apiKeys} FINAL`;

/** The keys of a project not revoked, oldest first (`id`: that key alone). */
export function projectKeysSql(projectId: string, p: ParamBuilder, id?: string): string {
  const one = id === undefined ? '' : ` AND id = ${p.add(id, 'String')}`;
  return `
    SELECT * FROM (SELECT ${COLUMNS} FROM ${TABLES.apiKeys} FINAL WHERE project_id = ${p.add(projectId, 'String')}${one})
    WHERE deleted = 0 ORDER BY created_ms, id`;
}

/** The last use of each of `ids` that was ever used (rows: id, used_ms). */
export const keyUsesSql = (ids: readonly string[], p: ParamBuilder) =>
  `SELECT id, toUnixTimestamp64Milli(max(last_used_at)) AS used_ms FROM ${TABLES.apiKeyUses}
   WHERE id IN ${p.add(ids, 'Array(String)')} GROUP BY id`;

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));

/** One row of ALL_KEYS_SQL or projectKeysSql. */
export function decodeApiKey(r: Record<string, unknown>): ApiKeyRow {
  return {
    project_id: str(r.project_id),
    id: str(r.id),
    public_key: str(r.public_key),
    secret_hash: str(r.secret_hash),
    display_secret_key: str(r.display_secret_key),
    note: str(r.note),
    created_at: Number(r.created_ms),
    deleted: Number(r.deleted) === 1 ? 1 : 0,
    version: Number(r.version),
  };
}
