import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { RANKED_PAGES } from '../support/ranked-pages.ts';

// Pages ordered by time rank the traces of the newest (oldest) stored rows rather than merging
// every trace. These traces make the newest rows mislead on purpose: one old trace is sent again
// and again with later times, each in its own insert, so that the newest stored rows all belong to
// it while it still ranks last (a trace's time is its earliest). Another trace, the newest of all,
// is deleted. Pages must follow the merged traces, as the plain query does.

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();

const FRESH = 30;
const RESENT = 70;
/** Every trace the list holds, with its time in seconds: fresh-i at i, two at 15, the old one first of all. */
const TRACES = [
  ...Array.from({ length: FRESH }, (_, k) => ({ id: `fresh-${String(k + 1).padStart(2, '0')}`, s: k + 1 })),
  { id: 'tie-a', s: 15 },
  { id: 'tie-b', s: 15 },
  { id: 'old', s: -1000 },
];

beforeAll(async () => {
  t = await createTestApp('time-order');
  // Background merges would fold the old trace's rows into one before the list reads them.
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
  const sent = await Promise.all(
    TRACES.map((x) => t.post('/v1/l/batch', { trace: { id: x.id, timestamp: at(x.s), name: 'n' } })),
  );
  // Each request waits for its commit (createTestApp), so every one is an insert of its own.
  for (let k = 0; k < RESENT; k++) {
    sent.push(await t.post('/v1/l/batch', { trace: { id: 'old', timestamp: at(100 + k), name: 'n' } }));
  }
  sent.push(await t.post('/v1/l/batch', { trace: { id: 'gone', timestamp: at(500), name: 'n' } }));
  expect(sent.every((r) => r.status === 200)).toBe(true);
  expect((await t.request('/api/public/traces/gone', { method: 'DELETE' })).status).toBe(200);
  // The newest stored rows are the old trace's, one per insert.
  const rows = await t.db.writer.query({
    query: "SELECT count() AS n FROM traces_v2 WHERE id = 'old' AND timestamp >= {since:DateTime64(6, 'UTC')}",
    query_params: { since: at(100).replace('T', ' ').replace('Z', '') },
    format: 'JSONEachRow',
  });
  expect(Number(((await rows.json()) as { n: unknown }[])[0]?.n)).toBe(RESENT);
});
afterAll(() => t?.close());

const order = (desc: boolean, keep: (s: number) => boolean = () => true) =>
  TRACES.filter((x) => keep(x.s))
    .sort((a, b) => (desc ? b.s - a.s || (a.id < b.id ? 1 : -1) : a.s - b.s || (a.id < b.id ? -1 : 1)))
    .map((x) => x.id);

async function list(params: string): Promise<{ ids: string[]; times: string[]; total: number }> {
  const res = await t.get(`/api/public/traces?${params}&fields=core`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { id: string; timestamp: string }[];
  return { ids: data.map((x) => x.id), times: data.map((x) => x.timestamp), total: res.body.meta.totalItems };
}

describe('the trace list ordered by time', () => {
  it.each(RANKED_PAGES)(
    'desc, page %i of %i: the merged times, past the newest stored rows of a trace sent again',
    async (page, limit) => {
      const { ids, total } = await list(`page=${page}&limit=${limit}`);
      expect(ids).toEqual(order(true).slice((page - 1) * limit, page * limit));
      expect(total).toBe(TRACES.length);
    },
  );

  it.each([
    [1, 1],
    [2, 10],
    [4, 10],
  ])('asc, page %i of %i', async (page, limit) => {
    const { ids, total } = await list(`orderBy=timestamp.asc&page=${page}&limit=${limit}`);
    expect(ids).toEqual(order(false).slice((page - 1) * limit, page * limit));
    expect(total).toBe(TRACES.length);
  });

  it('a trace sent again keeps its first time, and the deleted one is in no page', async () => {
    const { ids, times } = await list('limit=100');
    expect(ids.at(-1)).toBe('old');
    expect(times.at(-1)).toBe(at(-1000));
    expect(ids).not.toContain('gone');
  });

  it('within a time range, in both orders, counted within it', async () => {
    const range = `fromTimestamp=${at(10)}&toTimestamp=${at(20)}`;
    const inRange = (s: number) => s >= 10 && s < 20; // toTimestamp exclusive, as Langfuse
    for (const [desc, dir] of [
      [true, 'desc'],
      [false, 'asc'],
    ] as const) {
      const first = await list(`${range}&orderBy=timestamp.${dir}&limit=4`);
      expect(first.ids).toEqual(order(desc, inRange).slice(0, 4));
      expect(first.total).toBe(order(desc, inRange).length);
      const third = await list(`${range}&orderBy=timestamp.${dir}&limit=4&page=3`);
      expect(third.ids).toEqual(order(desc, inRange).slice(8, 12));
    }
    // The old trace's later rows lie in a range its earliest time does not: it is not in it.
    expect((await list(`fromTimestamp=${at(100)}`)).ids).toEqual([]);
  });

  it('a page past the last trace is empty and still counts them all', async () => {
    const { ids, total } = await list('page=30&limit=50');
    expect(ids).toEqual([]);
    expect(total).toBe(TRACES.length);
  });
});
