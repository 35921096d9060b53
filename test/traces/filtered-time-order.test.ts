import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { RANKED_PAGES } from '../support/ranked-pages.ts';

// Filtered pages by time rank the traces of the newest stored rows that meet one of the filter's
// conditions (a tag, a name, an environment), and the filtered counts merge only the traces with
// such a row. These traces are stored in pieces, each sent in an insert of its own with merges
// stopped, so that a trace's rows disagree: a tag or a name given only by a later piece, two tags
// given by different pieces, a trace sent again and again with later times (its rows are the
// newest with the tag while it ranks last), a renamed trace whose old name is on its earliest row,
// a trace whose tagged row lies past a time range its earliest row is in, and a deleted trace.
// Pages and counts must follow the merged traces, as the plain query does.

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();

type Piece = { id: string; s: number; name?: string; tags?: string[]; environment?: string };

const FRESH = 30;
const RESENT = 70;
/** Sent first, all at once: thirty traces of one piece each, over tags x and y, names a and b. */
const FIRST: Piece[] = Array.from({ length: FRESH }, (_, k) => ({
  id: `fresh-${String(k + 1).padStart(2, '0')}`,
  s: k + 1,
  name: k % 3 === 0 ? 'b' : 'a',
  tags: [...(k % 2 === 0 ? ['x'] : ['x', 'y']), ...(k === 14 ? ['z'] : [])],
  environment: k % 5 === 0 ? 'staging' : 'production',
}));
/** Untagged traces in the time range: more rows there than a try's candidates. */
const FILLER: Piece[] = Array.from({ length: 100 }, (_, k) => ({ id: `filler-${k}`, s: 10 + (k % 11), name: 'c' }));
/** Sent one after another, after FIRST, each in its own insert: the pieces that mislead. */
const LATER: Piece[] = [
  { id: 'late-tag', s: -500, name: 'a' },
  { id: 'late-tag', s: 300, tags: ['x'] },
  { id: 'renamed', s: 5, name: 'a', tags: ['x'] },
  { id: 'renamed', s: 250, name: 'b' },
  { id: 'split', s: 7, tags: ['x'] },
  { id: 'split', s: 8, tags: ['y'] },
  { id: 'straddle', s: 12, name: 'a' },
  { id: 'straddle', s: 400, tags: ['x', 'z'], environment: 'staging' },
  { id: 'old', s: -1000, tags: ['x'] },
  ...Array.from({ length: RESENT }, (_, k) => ({ id: 'old', s: 100 + k, tags: ['x'] })),
  { id: 'gone', s: 500, name: 'b', tags: ['x', 'y'] },
];

type Trace = { id: string; s: number; name: string; tags: Set<string>; environment: string };

/** The merged traces: the earliest time, the union of tags, the name and environment sent last. */
function merged(pieces: Piece[]): Trace[] {
  const byId = new Map<string, Trace>();
  for (const x of pieces) {
    const m = byId.get(x.id) ?? { id: x.id, s: x.s, name: '', tags: new Set(), environment: 'default' };
    m.s = Math.min(m.s, x.s);
    if (x.name) m.name = x.name;
    if (x.environment) m.environment = x.environment;
    for (const tag of x.tags ?? []) m.tags.add(tag);
    byId.set(x.id, m);
  }
  byId.delete('gone');
  return [...byId.values()];
}
const TRACES = merged([...FIRST, ...FILLER, ...LATER]);

const send = (x: Piece) =>
  t.post('/v1/l/batch', {
    trace: {
      id: x.id,
      timestamp: at(x.s),
      ...(x.name ? { name: x.name } : {}),
      ...(x.tags ? { tags: x.tags } : {}),
      ...(x.environment ? { environment: x.environment } : {}),
    },
  });

beforeAll(async () => {
  t = await createTestApp('filtered-time-order');
  // Background merges would fold each trace's rows into one before the list reads them.
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
  const sent = await Promise.all([...FIRST, ...FILLER].map(send));
  // Each request waits for its commit (createTestApp), so every one is an insert of its own.
  for (const x of LATER) sent.push(await send(x));
  expect(sent.every((r) => r.status === 200)).toBe(true);
  expect((await t.request('/api/public/traces/gone', { method: 'DELETE' })).status).toBe(200);
  // The pieces are still apart: the newest stored rows with the tag x are the old trace's.
  const rows = await t.db.writer.query({
    query: "SELECT count() AS n FROM traces_v2 WHERE id IN ('old', 'late-tag', 'renamed', 'split', 'straddle')",
    format: 'JSONEachRow',
  });
  expect(Number(((await rows.json()) as { n: unknown }[])[0]?.n)).toBe(RESENT + 1 + 8);
});
afterAll(() => t?.close());

const order = (desc: boolean, keep: (x: Trace) => boolean) =>
  TRACES.filter(keep)
    .sort((a, b) => (desc ? b.s - a.s || (a.id < b.id ? 1 : -1) : a.s - b.s || (a.id < b.id ? -1 : 1)))
    .map((x) => x.id);

async function list(params: string): Promise<{ ids: string[]; total: number }> {
  const res = await t.get(`/api/public/traces?${params}&fields=core`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.data as { id: string }[]).map((x) => x.id), total: res.body.meta.totalItems };
}

// fromTimestamp inclusive, toTimestamp exclusive (as Langfuse).
const inRange = (x: Trace) => x.s >= 10 && x.s < 20;
const FILTERS: [string, (x: Trace) => boolean][] = [
  ['tags=x', (x) => x.tags.has('x')],
  ['tags=y&tags=x', (x) => x.tags.has('x') && x.tags.has('y')],
  ['name=b', (x) => x.name === 'b'],
  ['name=a&tags=x', (x) => x.name === 'a' && x.tags.has('x')],
  ['environment=staging', (x) => x.environment === 'staging'],
  [`tags=x&fromTimestamp=${at(10)}&toTimestamp=${at(20)}`, (x) => x.tags.has('x') && inRange(x)],
  [`name=a&fromTimestamp=${at(10)}`, (x) => x.name === 'a' && x.s >= 10],
  // A rare tag: its rows are fewer than the range's, and one of them lies past the range.
  [`tags=z&fromTimestamp=${at(10)}&toTimestamp=${at(20)}`, (x) => x.tags.has('z') && inRange(x)],
];

describe('the trace list ordered by time, filtered', () => {
  describe.each(FILTERS)('%s', (filter, keep) => {
    it.each(RANKED_PAGES)('desc, page %i of %i, counted', async (page, limit) => {
      const { ids, total } = await list(`${filter}&page=${page}&limit=${limit}`);
      expect(ids).toEqual(order(true, keep).slice((page - 1) * limit, page * limit));
      expect(total).toBe(order(true, keep).length);
    });

    it('asc, pages 1 and 3 of 4', async () => {
      const first = await list(`${filter}&orderBy=timestamp.asc&limit=4`);
      expect(first.ids).toEqual(order(false, keep).slice(0, 4));
      expect(first.total).toBe(order(false, keep).length);
      expect((await list(`${filter}&orderBy=timestamp.asc&limit=4&page=3`)).ids).toEqual(
        order(false, keep).slice(8, 12),
      );
    });
  });

  it('the traces that mislead are where their merged rows put them', async () => {
    const tagged = (await list('tags=x&limit=100')).ids;
    // Sent again with later times, the old trace keeps its first time: last.
    expect(tagged.at(-1)).toBe('old');
    // Tagged only by a later piece, the trace keeps its earlier time.
    expect(tagged.at(-2)).toBe('late-tag');
    expect(tagged).not.toContain('gone');
    // Renamed by its later piece: listed under its new name only, at its first time.
    expect((await list('name=b&limit=100')).ids).toContain('renamed');
    expect((await list('name=a&limit=100')).ids).not.toContain('renamed');
    // Two tags given by two pieces.
    expect((await list('tags=x&tags=y&limit=100')).ids).toContain('split');
    // In the range by its earliest row, tagged by a row past the range.
    expect((await list(`tags=x&fromTimestamp=${at(10)}&toTimestamp=${at(20)}`)).ids).toContain('straddle');
  });

  it('a tag no trace has: an empty page and a count of zero', async () => {
    expect(await list('tags=none')).toEqual({ ids: [], total: 0 });
    expect(await list('tags=none&orderBy=timestamp.asc')).toEqual({ ids: [], total: 0 });
  });
});
