import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

/*
 * The trace search's documents (trace_search_v3, clickhouse/0047 and 0051) follow the data lifecycle
 * (docs/search.md, docs/data-lifecycle.md): a deleted trace is not found, nor counted, by any list's
 * search, whichever plan serves it; a trace sent again after its deletion is found again; a trace
 * past its project's retention is not found, and the sweep gives its document's bytes back; a
 * project's search never finds another project's traces of the same ids and words.
 *
 * A search alone takes its page and count from the documents, so a document left behind shows as
 * a count too high and a page with a hole (the newest trace, deleted, taking the first place).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const q = encodeURIComponent;

let t: TestApp;
let project: string;
let other: string;
const as = (id: string) => ({ 'Spanhouse-Project': id });

/** A trace named `name` at `at` whose generation's output says `words`, of `user` in session `s-<id>`. */
async function write(projectId: string, id: string, at: number, words: string, user = 'u-1') {
  const res = await t.post(
    '/v1/l/batch',
    {
      trace: { id, timestamp: iso(at), name: 'chat', userId: user, sessionId: `s-${id}`, input: `about ${id}` },
      observations: [
        {
          id: `${id}-gen`,
          type: 'GENERATION',
          name: 'llm',
          startTime: iso(at),
          endTime: iso(at + 1000),
          output: words,
          parentObservationId: null,
        },
      ],
    },
    as(projectId),
  );
  expect(res.status).toBe(200);
}

/** What a search for `term` finds in `projectId`, by each list and plan. */
async function searched(projectId: string, term: string) {
  const get = async (path: string) => {
    const res = await t.get(path, as(projectId));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: { id: string; traceId?: string }[]; meta: { totalItems: number } };
  };
  const alone = await get(`/api/public/traces?limit=100&search=${q(term)}`);
  const first = await get(`/api/public/traces?limit=1&search=${q(term)}`);
  // A rare term with a userId: the search's traces first (at most 2,000 documents hold it).
  const user = await get(`/api/public/traces?limit=100&userId=u-1&search=${q(term)}`);
  // Another filter than a user's: the documents give the ids, traces_v2 the page.
  const named = await get(`/api/public/traces?limit=100&name=chat&search=${q(term)}`);
  const observations = await get(`/api/public/observations?limit=100&search=${q(term)}`);
  const sessions = await get(`/api/public/sessions?limit=100&search=${q(term)}`);
  const ids = (b: { data: { id: string }[] }) => b.data.map((x) => x.id).sort();
  return {
    traces: ids(alone),
    total: alone.meta.totalItems,
    newest: first.data.map((x) => x.id),
    user: ids(user),
    userTotal: user.meta.totalItems,
    named: ids(named),
    namedTotal: named.meta.totalItems,
    observations: observations.data.map((o) => o.traceId).sort(),
    sessions: ids(sessions),
  };
}

/** The rows of `table` that `projectId` holds (bytes not yet given back included). */
async function storedRows(table: string, projectId: string): Promise<number> {
  const rows = await (
    await t.db.writer.query({
      query: `SELECT count() AS n FROM ${table} WHERE project_id = {p:String}`,
      query_params: { p: projectId },
      format: 'JSONEachRow',
    })
  ).json<{ n: string }>();
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  t = await createTestApp('search-lifecycle');
  project = (await t.post('/api/public/projects', { name: 'searched' })).body.id;
  other = (await t.post('/api/public/projects', { name: 'neighbour' })).body.id;
  expect(project && other).toBeTruthy();
});

afterAll(async () => {
  await t?.close();
});

describe('a deleted trace', () => {
  it('is neither found nor counted by any search, and found again once sent again', async () => {
    await write(project, 'gone', now - 1 * HOUR_MS, 'the zephyr answer');
    await write(project, 'kept', now - 2 * HOUR_MS, 'another zephyr answer');
    // The same ids and words in another project, which the deletion must not touch.
    await write(other, 'gone', now - 1 * HOUR_MS, 'the zephyr answer');
    await write(other, 'kept', now - 2 * HOUR_MS, 'another zephyr answer');
    const both = {
      traces: ['gone', 'kept'],
      total: 2,
      newest: ['gone'],
      user: ['gone', 'kept'],
      userTotal: 2,
      named: ['gone', 'kept'],
      namedTotal: 2,
      observations: ['gone', 'kept'],
      sessions: ['s-gone', 's-kept'],
    };
    expect(await searched(project, 'zephyr')).toEqual(both);

    expect((await t.request('/api/public/traces/gone', { method: 'DELETE', headers: as(project) })).status).toBe(200);
    expect(await searched(project, 'zephyr')).toEqual({
      traces: ['kept'],
      total: 1,
      newest: ['kept'],
      user: ['kept'],
      userTotal: 1,
      named: ['kept'],
      namedTotal: 1,
      observations: ['kept'],
      sessions: ['s-kept'],
    });
    // A word only the deleted trace held finds nothing.
    expect(await searched(project, 'gone')).toMatchObject({ traces: [], total: 0, user: [], sessions: [] });
    expect(await searched(other, 'zephyr')).toEqual(both);

    // Sent again after its deletion: a new trace, found by its new words and not by its old ones.
    await write(project, 'gone', now - 1 * HOUR_MS, 'a fresh mistral answer');
    expect(await searched(project, 'mistral')).toMatchObject({
      traces: ['gone'],
      total: 1,
      user: ['gone'],
      observations: ['gone'],
      sessions: ['s-gone'],
    });
    expect(await searched(project, 'zephyr')).toMatchObject({ traces: ['kept'], total: 1, newest: ['kept'] });
  });

  it('is not found once the rows of its document are merged into one', async () => {
    await write(project, 'merged', now - 3 * HOUR_MS, 'a quokka answer');
    expect(await searched(project, 'quokka')).toMatchObject({ traces: ['merged'], total: 1 });
    expect((await t.request('/api/public/traces/merged', { method: 'DELETE', headers: as(project) })).status).toBe(200);
    await t.db.writer.command({ query: 'OPTIMIZE TABLE trace_search_v3 FINAL' });
    expect(await searched(project, 'quokka')).toMatchObject({ traces: [], total: 0, user: [], sessions: [] });
  });
});

describe('a trace past its project retention', () => {
  it('is neither found nor counted from the answer that sets the retention, and its document goes with the sweep', async () => {
    const retained = (await t.post('/api/public/projects', { name: 'retained' })).body.id as string;
    await write(retained, 'old', now - 10 * DAY_MS, 'an ocelot answer');
    await write(retained, 'fresh', now - 1 * DAY_MS, 'another ocelot answer');
    expect(await searched(retained, 'ocelot')).toMatchObject({
      traces: ['fresh', 'old'],
      total: 2,
      newest: ['fresh'],
      user: ['fresh', 'old'],
    });

    const set = await t.request(`/api/public/projects/${retained}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'retained', retention: 7 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(set.status).toBe(200);
    expect(await searched(retained, 'ocelot')).toEqual({
      traces: ['fresh'],
      total: 1,
      newest: ['fresh'],
      user: ['fresh'],
      userTotal: 1,
      named: ['fresh'],
      namedTotal: 1,
      observations: ['fresh'],
      sessions: ['s-fresh'],
    });

    // Its document's rows (the trace's and the observation's) are given back with the traces'.
    const before = await storedRows('trace_search_v3', retained);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await t.projects.sweeper.sweep({ wait: true })).toContain('trace_search_v3');
    await t.db.writer.command({ query: 'OPTIMIZE TABLE trace_search_v3 FINAL' });
    expect(await storedRows('trace_search_v3', retained)).toBe(1);
    expect(await searched(retained, 'ocelot')).toMatchObject({ traces: ['fresh'], total: 1 });
  });

  it('is never found when it arrives already expired, and its document is dropped by the merge its part gets at once', async () => {
    const retained = (await t.post('/api/public/projects', { name: 'short', retention: 3 })).body.id as string;
    await write(retained, 'imported', now - 5 * DAY_MS, 'a narwhal answer');
    expect(await searched(retained, 'narwhal')).toMatchObject({ traces: [], total: 0 });
    // The engine keeps an expired row at insert; a part whose rows are all expired is merged away
    // in the background within a fraction of a second on an idle engine (longer beside other work).
    await eventually(async () => expect(await storedRows('trace_search_v3', retained)).toBe(0), 15_000);
  });
});
