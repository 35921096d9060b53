import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { RANKED_PAGES } from '../support/ranked-pages.ts';

// Observation lists without a filter (or with a start time range) rank the observations of the
// newest stored pieces rather than merging every observation. These observations make the newest
// pieces mislead on purpose: one observation is sent again and again with later start times, each
// in its own insert, and last with the earliest start of all, which wins (the latest version of a
// field wins), so the newest stored pieces all belong to an observation that ranks last. The
// newest observation of all is in a deleted trace. Pages must follow the merged observations, as
// the plain query does, in v1 (pages and a count) and v2 (cursors).

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();

const RESENT = 70;
type Obs = { trace: string; id: string; s: number; type: 'SPAN' | 'GENERATION'; name?: string };
/** Every observation the list holds, with its start in seconds. */
const OBSERVATIONS: Obs[] = [
  ...Array.from({ length: 30 }, (_, k): Obs => {
    const n = String(k + 1).padStart(2, '0');
    return { trace: `trace-${n}`, id: `obs-${n}`, s: k + 1, type: k % 3 === 0 ? 'GENERATION' : 'SPAN' };
  }),
  // Ties at one start: by trace id, then by id, both descending.
  { trace: 'trace-tie-a', id: 'tie-1', s: 15, type: 'SPAN' },
  { trace: 'trace-tie-b', id: 'tie-1', s: 15, type: 'SPAN' },
  { trace: 'trace-tie-b', id: 'tie-2', s: 15, type: 'GENERATION' },
  { trace: 'trace-moved', id: 'moved', s: -1000, type: 'SPAN' },
  // Renamed and retyped by its second piece (sent after FIRST_OF_RENAMED).
  { trace: 'trace-renamed', id: 'renamed', s: 6, type: 'GENERATION', name: 'new' },
];
/** The renamed observation's first piece: another name, type and start. */
const FIRST_OF_RENAMED: Obs = { trace: 'trace-renamed', id: 'renamed', s: 5, type: 'SPAN', name: 'old' };

const send = (o: Obs, s: number) =>
  t.post('/v1/l/batch', {
    trace: { id: o.trace, timestamp: at(-2000), name: 'n' },
    observations: [{ id: o.id, type: o.type, name: o.name ?? 'step', startTime: at(s), endTime: at(s + 1) }],
  });

beforeAll(async () => {
  t = await createTestApp('observation-time-order');
  // Background merges would fold the moved observation's pieces into one before the list reads them.
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES observation_pieces_v2' });
  const sent = await Promise.all(
    [...OBSERVATIONS.filter((o) => o.id !== 'moved' && o.id !== 'renamed'), FIRST_OF_RENAMED].map((o) => send(o, o.s)),
  );
  const renamed = OBSERVATIONS.find((o) => o.id === 'renamed')!;
  sent.push(await send(renamed, renamed.s));
  // Each request waits for its commit (createTestApp), so every one is an insert of its own.
  const moved = OBSERVATIONS.find((o) => o.id === 'moved')!;
  for (let k = 0; k < RESENT; k++) sent.push(await send(moved, 100 + k));
  sent.push(await send(moved, moved.s));
  sent.push(await send({ trace: 'gone', id: 'gone-obs', s: 500, type: 'SPAN' }, 500));
  expect(sent.every((r) => r.status === 200)).toBe(true);
  expect((await t.request('/api/public/traces/gone', { method: 'DELETE' })).status).toBe(200);
  // The newest stored pieces are the moved observation's, one per insert.
  const rows = await t.db.writer.query({
    query: "SELECT count() AS n FROM observation_pieces_v2 WHERE id = 'moved'",
    format: 'JSONEachRow',
  });
  expect(Number(((await rows.json()) as { n: unknown }[])[0]?.n)).toBe(RESENT + 1);
});
afterAll(() => t?.close());

const keyOf = (o: { traceId: string; id: string }) => `${o.traceId}/${o.id}`;
/** The expected order: start descending, then trace id, then id, both descending. */
const newestFirst = (keep: (o: Obs) => boolean = () => true) =>
  OBSERVATIONS.filter(keep)
    .sort((a, b) => b.s - a.s || (a.trace < b.trace ? 1 : a.trace > b.trace ? -1 : a.id < b.id ? 1 : -1))
    .map((o) => keyOf({ traceId: o.trace, id: o.id }));

type Listed = { traceId: string; id: string; startTime: string };
async function v1(params: string): Promise<{ keys: string[]; data: Listed[]; total: number }> {
  const res = await t.get(`/api/public/observations?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as Listed[];
  return { keys: data.map(keyOf), data, total: res.body.meta.totalItems };
}

/** Every page of the v2 list, following its cursors. */
async function v2All(params: string, limit: number): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await t.get(
      `/api/public/v2/observations?${params}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    keys.push(...(res.body.data as Listed[]).map(keyOf));
    cursor = res.body.meta.cursor;
    if (!cursor) return keys;
  }
  throw new Error('the cursor never ran out');
}

describe('the observation list by start time', () => {
  it.each(RANKED_PAGES)(
    'v1, page %i of %i: the merged starts, past the newest stored pieces of one sent again',
    async (page, limit) => {
      const { keys, total } = await v1(`page=${page}&limit=${limit}`);
      expect(keys).toEqual(newestFirst().slice((page - 1) * limit, page * limit));
      expect(total).toBe(OBSERVATIONS.length);
    },
  );

  it('the observation sent again has its last start, and the deleted trace is in no page', async () => {
    const { data } = await v1('limit=100');
    expect(data.at(-1)).toMatchObject({ id: 'moved', startTime: at(-1000) });
    expect(data.map((o) => o.traceId)).not.toContain('gone');
  });

  it.each([1, 4, 7, 50])('v2, every page of %i by its cursor, in order', async (limit) => {
    expect(await v2All('', limit)).toEqual(newestFirst());
  });

  it('within a start range, in v1 and v2, counted within it', async () => {
    const range = `fromStartTime=${at(10)}&toStartTime=${at(20)}`;
    const inRange = (o: Obs) => o.s >= 10 && o.s < 20;
    const first = await v1(`${range}&limit=4`);
    expect(first.keys).toEqual(newestFirst(inRange).slice(0, 4));
    expect(first.total).toBe(newestFirst(inRange).length);
    expect((await v1(`${range}&limit=4&page=3`)).keys).toEqual(newestFirst(inRange).slice(8, 12));
    expect(await v2All(range, 3)).toEqual(newestFirst(inRange));
    // The moved observation's earlier pieces lie in a range its start does not: it is not in it.
    expect((await v1(`fromStartTime=${at(100)}`)).keys).toEqual([]);
  });

  it('a filter pages over the merged observations too', async () => {
    const generations = newestFirst((o) => o.type === 'GENERATION');
    const { keys, total } = await v1('type=GENERATION&limit=3&page=2');
    expect(keys).toEqual(generations.slice(3, 6));
    expect(total).toBe(generations.length);
    expect(await v2All('type=GENERATION', 4)).toEqual(generations);
  });

  it.each([
    ['type=SPAN', (o: Obs) => o.type === 'SPAN'],
    ['type=GENERATION', (o: Obs) => o.type === 'GENERATION'],
    ['name=new', (o: Obs) => o.name === 'new'],
    ['name=old', (o: Obs) => o.name === 'old'],
    ['name=step&type=GENERATION', (o: Obs) => (o.name ?? 'step') === 'step' && o.type === 'GENERATION'],
  ])('filtered by %s: the merged pieces decide, in v1 pages with their count and v2 cursors', async (filter, keep) => {
    const expected = newestFirst(keep);
    for (const [page, limit] of RANKED_PAGES) {
      const { keys, total } = await v1(`${filter}&page=${page}&limit=${limit}`);
      expect(keys, `page ${page} of ${limit}`).toEqual(expected.slice((page - 1) * limit, page * limit));
      expect(total).toBe(expected.length);
    }
    expect(await v2All(filter, 4)).toEqual(expected);
  });

  it('a page past the last observation is empty and still counts them all', async () => {
    const { keys, total } = await v1('page=30&limit=50');
    expect(keys).toEqual([]);
    expect(total).toBe(OBSERVATIONS.length);
  });
});
