import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { parse, parseSearch } from '@spanhouse/schema';
import { searchHitsBoundSql } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceListSql } from '../../src/traces/list.ts';
import { TraceListParams } from '../../src/traces/params.ts';

/*
 * A search with a userId or sessionId runs one of two plans (list.ts searchFirst): the user's
 * traces first, their documents searched by key, or the search's traces first, filtered by the
 * user. On real chDB, both give the same page and count, whatever the pieces' split (each trace
 * here is a trace row and an observation piece, written apart), and both, like the search alone
 * and the hit count that chooses between them, leave out deleted and expired traces.
 */

let db: Db;
const PROJECT = 'spanhouse';

beforeAll(async () => {
  db = await openTestDb('search_plans');
  const traces: [string, string, string, string][] = [
    ['t1', 'u1', 'refund requested', 'late delivery'],
    ['t2', 'u1', 'nothing here', 'refund issued, late'],
    ['t3', 'u2', 'refund late', 'ok'],
    ['t4', 'u1', 'late', 'still waiting'],
  ];
  for (const [i, [id, user, input, output]] of traces.entries()) {
    await db.writer.command({
      query: `INSERT INTO traces_v2 (project_id, id, timestamp, user_id, session_id, input) VALUES
        ({project:String}, {id:String}, {ts:String}, (1, {user:String}), (1, {session:String}), (1, {input:String}))`,
      query_params: { project: PROJECT, id, ts: `2026-03-0${i + 1} 10:00:00`, user, session: `s-${user}`, input },
    });
    await db.writer.command({
      query: `INSERT INTO observation_pieces_v2 (project_id, trace_id, id, start_time, output) VALUES
        ({project:String}, {id:String}, {obs:String}, (1, 1772359200000000), (1, {output:String}))`,
      query_params: { project: PROJECT, id, obs: `${id}-o`, output },
    });
  }
});
afterAll(() => db?.close());

/** A trace row and an observation piece of `id`, accepted at `written` (µs, 0: before tombstones existed). */
async function writeTrace(project: string, id: string, ts: string, text: string, written = 0) {
  const params = { project, id, ts, text, written, obs: `${id}-o`, start: Date.parse(`${ts}Z`) * 1000 };
  await db.writer.command({
    query: `INSERT INTO traces_v2 (project_id, id, timestamp, user_id, session_id, input, written_us) VALUES
      ({project:String}, {id:String}, {ts:String}, (1, 'u1'), (1, 's-u1'), (1, {text:String}), {written:UInt64})`,
    query_params: params,
  });
  await db.writer.command({
    query: `INSERT INTO observation_pieces_v2 (project_id, trace_id, id, start_time, output, written_us) VALUES
      ({project:String}, {id:String}, {obs:String}, (1, {start:Int64}), (1, {text:String}), {written:UInt64})`,
    query_params: params,
  });
}

async function page(query: Record<string, string>, searchFirst: boolean, project = PROJECT) {
  const q = parse(TraceListParams, query);
  const { sql, params } = traceListSql(project, { ...q, search: parseSearch(query.search!) }, undefined, searchFirst);
  const rows = await queryRows(db, {
    sql,
    params,
    tag: 'test',
    map: (r) => ({ id: String(r.id), total: Number(r.total_items) }),
  });
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

describe('a search with a userId or sessionId', () => {
  it.each([
    [{ search: 'refund', userId: 'u1' }, ['t2', 't1']],
    [{ search: 'refund late', userId: 'u1' }, ['t2', 't1']],
    [{ search: 'late', sessionId: 's-u1' }, ['t4', 't2', 't1']],
    [{ search: '"late delivery"', userId: 'u2' }, []],
    [{ search: 'refund', userId: 'nobody' }, []],
  ])('%j: the same newest-first page and count from either set first', async (query, ids) => {
    const userFirst = await page(query, false);
    const searchFirst = await page(query, true);
    expect(userFirst).toEqual({ ids, total: ids.length });
    expect(searchFirst).toEqual(userFirst);
  });
});

describe('a trace whose user a later piece changed', () => {
  beforeAll(async () => {
    await writeTrace('moved', 'm-1', '2026-03-05 10:00:00', 'refund moved');
    // A later piece names another user (version 2 over the first piece's 1).
    await db.writer.command({
      query: `INSERT INTO traces_v2 (project_id, id, timestamp, user_id) VALUES ('moved', 'm-1', '2026-03-05 10:00:00', (2, 'u2'))`,
    });
  });

  it('is found for its latest user only, by either plan', async () => {
    for (const searchFirst of [false, true]) {
      expect(await page({ search: 'refund', userId: 'u1' }, searchFirst, 'moved')).toEqual({ ids: [], total: 0 });
      expect(await page({ search: 'refund', userId: 'u2' }, searchFirst, 'moved')).toEqual({ ids: ['m-1'], total: 1 });
    }
  });
});

describe('a search over deleted and expired traces', () => {
  const LIFECYCLE = 'lifecycle';
  const daysAgo = (days: number) =>
    new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

  beforeAll(async () => {
    await writeTrace(LIFECYCLE, 'l-kept', daysAgo(1), 'refund kept');
    await writeTrace(LIFECYCLE, 'l-deleted', daysAgo(2), 'refund deleted');
    await writeTrace(LIFECYCLE, 'l-expired', daysAgo(30), 'refund expired');
    // Deleted, then sent again: its rows written after the tombstone are found.
    await writeTrace(LIFECYCLE, 'l-again', daysAgo(3), 'refund before');
    await writeTrace(LIFECYCLE, 'l-again', daysAgo(3), 'refund after', 200);
    await db.writer.command({
      query: `INSERT INTO trace_deletions_v2 (project_id, trace_id, deleted_us) VALUES
        ('lifecycle', 'l-deleted', 100), ('lifecycle', 'l-again', 100)`,
    });
    await db.writer.command({
      query: `INSERT INTO projects (id, name, metadata, retention_days, created_at, deleted, data_removed, version)
        VALUES ('lifecycle', 'lifecycle', '{}', 7, now64(3), 0, 0, 1)`,
    });
    await db.writer.command({ query: 'SYSTEM RELOAD DICTIONARY trace_tombstones' });
    await db.writer.command({ query: 'SYSTEM RELOAD DICTIONARY project_retention' });
  });

  it.each<Record<string, string>>([
    { search: 'refund' },
    { search: 'refund', userId: 'u1' },
    { search: 'refund', sessionId: 's-u1' },
  ])('%j: neither plan finds or counts them', async (query) => {
    const userFirst = await page(query, false, LIFECYCLE);
    expect(userFirst).toEqual({ ids: ['l-kept', 'l-again'], total: 2 });
    expect(await page(query, true, LIFECYCLE)).toEqual(userFirst);
  });

  it('two terms, each in another row of the trace: neither plan finds the deleted or expired ones', async () => {
    for (const searchFirst of [false, true]) {
      expect(await page({ search: 'refund kept', userId: 'u1' }, searchFirst, LIFECYCLE)).toEqual({
        ids: ['l-kept'],
        total: 1,
      });
      expect(await page({ search: 'refund expired', userId: 'u1' }, searchFirst, LIFECYCLE)).toEqual({
        ids: [],
        total: 0,
      });
    }
    expect(await page({ search: 'refund deleted' }, false, LIFECYCLE)).toEqual({ ids: [], total: 0 });
  });

  it('the hit count that picks the plan counts only the rows a read may return', async () => {
    // Merged (one row per trace), so that the count does not depend on when chDB merges parts.
    await db.writer.command({ query: 'OPTIMIZE TABLE trace_search_v3 FINAL' });
    const hits = async (search: string, cap: number) => {
      const params = new ProjectParams(LIFECYCLE);
      const [n] = await queryRows(db, {
        sql: searchHitsBoundSql(parseSearch(search), params, cap),
        params: params.params,
        tag: 'test',
        map: (r) => Number(r.n),
      });
      return n;
    };
    // l-kept's, and l-again's (its latest rows written after its tombstone).
    expect(await hits('refund', 10)).toBe(2);
    // Counted up to the cap only: a plan decided against the cap gets the same answer.
    expect(await hits('refund', 1)).toBe(1);
    expect(await hits('refund', 2)).toBe(2);
  });
});
