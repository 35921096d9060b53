import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { ScoreListResponse, ScoreOutput } from '@spanhouse/schema';
import { andAll, decodeScore, fromProject, SCORE_SELECT, SCORE_TIME, TABLES, TRACE_EXPR } from '@spanhouse/store';
import { traceUuidOfHexSql } from '../otlp-id-forms.ts';
import { scoreConditions } from './filter.ts';
import { toScoreOutput } from './output.ts';
import type { ScoreListParams } from './params.ts';
import { FIRST_READ_SLACK, MAX_TIME_ROWS, READ_GROWTH, scoreListPlan } from './plan.ts';

export type ScoreApi = 'v1' | 'v2';

type Key = { trace_id: string; id: string; version: number };
const keyOf = (k: { trace_id: string; id: string }) => `${k.trace_id}\u0000${k.id}`;

/** (trace_id, id) keys as one parameter pair, zipped into tuples in SQL. */
const keysParam = (p: ProjectParams, keys: readonly Key[]) =>
  `arrayZip(${p.add(
    keys.map((k) => k.trace_id),
    'Array(String)',
  )}, ${p.add(
    keys.map((k) => k.id),
    'Array(String)',
  )})`;

/**
 * One page of scores, newest first (ties by id), with the count. v1 lists only scores of a trace
 * (Langfuse's v1 contract) and its `trace` holds userId, tags, environment; v2 adds sessionId.
 */
export async function listScores(
  db: Db,
  project: string,
  q: ScoreListParams,
  api: ScoreApi,
  signal?: AbortSignal,
): Promise<ScoreListResponse> {
  const offset = (q.page - 1) * q.limit;
  const opts = { traceScoresOnly: api === 'v1' };
  const page = scoreListPlan(q) === 'by-time' ? await pageByTime(db, project, q, opts, offset, signal) : undefined;
  const { rows, total } = await pageRows(db, project, q, opts, page ?? null, offset, signal);
  const withTrace = !q.fields || q.fields.has('trace');
  const data = rows.map((r) => {
    const score = toScoreOutput(decodeScore(r));
    if (withTrace && score.traceId) score.trace = traceData(r, api);
    return score;
  });
  return { data, meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) } };
}

function traceData(r: Record<string, unknown>, api: ScoreApi): ScoreOutput['trace'] {
  const t = (r.trace ?? ['', [], '', '']) as [string, string[], string, string];
  const orNull = (s: string) => (s === '' ? null : s);
  const base = { userId: orNull(t[0]), tags: t[1], environment: t[2] || 'default' };
  return api === 'v1' ? base : { ...base, sessionId: orNull(t[3]) };
}

/**
 * The keys of one page from `score_times`, read newest first without FINAL, in the table's order
 * (a further sort key, the version, would turn the read into a sort of every matching row): a
 * score re-sent with another timestamp leaves an older row there, and unmerged re-sends repeat a
 * key, so each key is kept once, with the newest version read, and only if that is the score's
 * latest version in `scores` (the second read, by key). A key whose copies the read cut off can
 * only be the last one read, after every key of the page. Reads more rows until the page is complete.
 */
async function pageByTime(
  db: Db,
  project: string,
  q: ScoreListParams,
  opts: { traceScoresOnly: boolean },
  offset: number,
  signal?: AbortSignal,
): Promise<Key[] | undefined> {
  const need = offset + q.limit;
  for (let read = need + FIRST_READ_SLACK; read <= MAX_TIME_ROWS * READ_GROWTH; read *= READ_GROWTH) {
    const p = new ProjectParams(project);
    const where = [...scoreConditions(q, p, opts), 'is_deleted = 0'];
    const candidates = await queryRows(db, {
      sql: `
        SELECT trace_id, id, version ${fromProject(TABLES.scoreTimes, p)}${andAll(where)}
        ORDER BY timestamp DESC, id DESC LIMIT ${p.add(read, 'UInt32')}`,
      params: p.params,
      tag: 'scores.list.times',
      map: (r): Key => ({ trace_id: String(r.trace_id), id: String(r.id), version: Number(r.version) }),
      signal,
    });
    // Rows of one key are adjacent (same time and id); the newest version among them stands for it.
    const byKey = new Map<string, Key>();
    for (const k of candidates) {
      const seen = byKey.get(keyOf(k));
      if (!seen || seen.version < k.version) byKey.set(keyOf(k), k);
    }
    const unique = [...byKey.values()];
    const vp = new ProjectParams(project);
    const latest = await queryRows(db, {
      sql: `
        SELECT trace_id, id, version ${fromProject(TABLES.scores, vp, { final: true })}
        AND (trace_id, id) IN ${keysParam(vp, unique)}`,
      params: vp.params,
      tag: 'scores.list.check',
      map: (r) => [keyOf({ trace_id: String(r.trace_id), id: String(r.id) }), Number(r.version)] as const,
      signal,
    });
    const current = new Map(latest);
    const valid = unique.filter((k) => current.get(keyOf(k)) === k.version);
    if (valid.length >= need || candidates.length < read) return valid.slice(offset, need);
    if (read >= MAX_TIME_ROWS) break;
  }
  return undefined; // deep pages with many re-sent rows: read `scores` directly
}

/**
 * SQL: a score's `trace_id` of 32 hex digits as the UUID the OTLP mapping stores its trace under
 * (traceIdForms), else the id itself: a score created with the hex id an OpenTelemetry-based SDK
 * reports still finds its trace's fields.
 */
const TRACE_UUID_OF_HEX = traceUuidOfHexSql('trace_id');

/** The page's rows (by key when `page` is given, else filtered and paged on `scores`) and the count. */
async function pageRows(
  db: Db,
  project: string,
  q: ScoreListParams,
  opts: { traceScoresOnly: boolean },
  page: Key[] | null,
  offset: number,
  signal?: AbortSignal,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const p = new ProjectParams(project);
  const scores = fromProject(TABLES.scores, p, { final: true });
  const where = andAll(scoreConditions(q, p, opts));
  const countSql = `SELECT count() ${scores}${where}`;
  const selection = page
    ? ` AND (trace_id, id) IN ${keysParam(p, page)}`
    : `${where} ORDER BY timestamp DESC, id DESC LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add(offset, 'UInt64')}`;
  const inner = `SELECT ${SCORE_SELECT} ${scores}${selection}`;
  const rows = await queryRows(db, {
    sql: `
      WITH (SELECT CAST((groupArray(id), groupArray((${TRACE_EXPR.userId}, arraySort(tags), ${TRACE_EXPR.environment}, ${TRACE_EXPR.sessionId}))),
                        'Map(String, Tuple(String, Array(String), String, String))')
            ${fromProject(TABLES.traces, p, { final: true })}
            AND id IN (SELECT arrayJoin([trace_id, ${TRACE_UUID_OF_HEX}]) FROM (${inner}))) AS trace_map
      SELECT *, trace_map[if(mapContains(trace_map, trace_id), trace_id, ${TRACE_UUID_OF_HEX})] AS trace,
             (${countSql}) AS total_items FROM (${inner})
      ORDER BY ${SCORE_TIME} DESC, id DESC`,
    params: p.params,
    tag: page ? 'scores.list.rows' : 'scores.list.by-trace',
    map: (r) => r,
    signal,
  });
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_items)
      : Number(
          (
            await queryRows(db, {
              sql: countSql,
              params: p.params,
              tag: 'scores.list.count',
              map: (r) => r['count()'],
              signal,
            })
          )[0] ?? 0,
        );
  return { rows, total };
}

/** One score by id, or undefined (deleted scores are gone). v1 knows only scores of a trace. */
export async function getScore(db: Db, project: string, id: string, api: ScoreApi, signal?: AbortSignal) {
  const p = new ProjectParams(project);
  const [row] = await queryRows(db, {
    sql: `SELECT ${SCORE_SELECT} ${fromProject(TABLES.scores, p, { final: true })} AND id = ${p.add(id, 'String')} LIMIT 1`,
    params: p.params,
    tag: 'scores.get',
    map: (r) => toScoreOutput(decodeScore(r)),
    signal,
  });
  return row && (api === 'v2' || row.traceId) ? row : undefined;
}
