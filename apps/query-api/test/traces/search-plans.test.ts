import { type Db, queryRows } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { parse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/search/terms.ts';
import { traceListSql } from '../../src/traces/list.ts';
import { TraceListParams } from '../../src/traces/params.ts';

/*
 * A search with a userId or sessionId runs one of two plans (list.ts searchFirst): the user's
 * traces first, their documents searched by key, or the search's traces first, filtered by the
 * user. On real chDB, both give the same page and count, whatever the pieces' split (each trace
 * here is a trace row and an observation piece, written apart and never merged).
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

async function page(query: Record<string, string>, searchFirst: boolean) {
  const q = parse(TraceListParams, query);
  const { sql, params } = traceListSql(PROJECT, { ...q, search: parseSearch(query.search!) }, undefined, searchFirst);
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
