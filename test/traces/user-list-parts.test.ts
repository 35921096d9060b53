import { ProjectParams, queryRows } from '@spanhouse/db';
import { TABLES, traceIdsOfUserSql } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { activeParts } from '../support/parts.ts';

// A user's traces when the traces table is in several parts whose trace ids interleave, as a live
// store's are: the list reads the granules the user index (clickhouse/0052) selects and the ranges
// of other parts overlapping them, so a trace whose user came in a later piece is found, and one
// whose user changed later is not. Merges are stopped: every request below stays a part of its own.

let t: TestApp;
let project: string;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();
const FILLERS = 3000;

const send = async (trace: Record<string, unknown>) => {
  const res = await t.post('/v1/l/batch', { trace: { name: 'n', ...trace } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp('user-list-parts');
  await t.db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traces}` });
  await send({ id: 'plain', timestamp: at(1), userId: 'u' });
  await send({ id: 'moved', timestamp: at(2), userId: 'u' });
  await send({ id: 'late', timestamp: at(3) });
  await send({ id: 'gone', timestamp: at(4), userId: 'u' });
  const [row] = await (
    await t.db.writer.query({
      query: `SELECT project_id FROM ${TABLES.traces} WHERE id = 'plain'`,
      format: 'JSONEachRow',
    })
  ).json<{ project_id: string }>();
  project = row!.project_id;
  // Other users' traces around them, in a part of their own: many granules to skip.
  await t.db.writer.command({
    query: `INSERT INTO ${TABLES.traces} (project_id, id, timestamp, name, user_id)
      SELECT {project:String}, hex(cityHash64(number)), now64(6), (1, 'n'), (1, concat('filler-', toString(number % 700)))
      FROM numbers({n:UInt32})`,
    query_params: { project, n: FILLERS },
  });
  // The later pieces: late gets its user, moved another one.
  await send({ id: 'late', timestamp: at(3), userId: 'u' });
  await send({ id: 'moved', timestamp: at(2), userId: 'w' });
  expect((await t.request('/api/public/traces/gone', { method: 'DELETE' })).status).toBe(200);
  expect((await activeParts(t.db, TABLES.traces)).parts).toBe(7);
});
afterAll(() => t?.close());

const list = async (params: string) => {
  const res = await t.get(`/api/public/traces?${params}&fields=core`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    ids: (res.body.data as { id: string; userId: string }[]).map((x) => `${x.id}:${x.userId}`),
    total: res.body.meta.totalItems as number,
  };
};

describe("a user's traces over several parts", () => {
  it('lists the traces whose latest user is theirs, a user given in a later piece included', async () => {
    expect(await list('userId=u')).toEqual({ ids: ['late:u', 'plain:u'], total: 2 });
    expect(await list('userId=w')).toEqual({ ids: ['moved:w'], total: 1 });
    expect(await list('userId=u&limit=1&page=2')).toEqual({ ids: ['plain:u'], total: 2 });
    expect(await list('userId=filler-7')).toMatchObject({ total: Math.ceil((FILLERS - 7) / 700) });
    expect(await list('userId=nobody')).toEqual({ ids: [], total: 0 });
  });

  it("reads the user's granules, not every granule of the project", async () => {
    const p = new ProjectParams(project);
    const plan = (
      await queryRows(t.db, {
        sql: `EXPLAIN indexes = 1 ${traceIdsOfUserSql(p, 'u')}`,
        params: p.params,
        tag: 'test',
        map: (r) => String(r.explain),
      })
    ).join('\n');
    const skip = /Name: traces_user[\s\S]*?Granules: (\d+)\/(\d+)/.exec(plan);
    expect(skip, plan).not.toBeNull();
    const [selected, all] = [Number(skip![1]), Number(skip![2])];
    expect(all).toBeGreaterThan(FILLERS / 64);
    expect(selected).toBeLessThan(10);
  });
});
