import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { activeParts } from '../support/parts.ts';

// A search of several terms over the search documents in several parts, as a live store's are: a
// large merged part and the recent ones beside it. A trace whose terms sit in rows of different
// parts (a piece merged long ago, a piece sent just now) matches, once, at its trace's time; a
// trace missing a term in all its rows does not. Merges are stopped once the large part is made:
// every request after it stays a part of its own.

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();
const FILLERS = 40;

const send = async (trace: Record<string, unknown>, observations: Record<string, unknown>[] = []) => {
  const res = await t.post('/v1/l/batch', { trace: { name: 'n', ...trace }, observations });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const span = (id: string, output: string) => ({ id, type: 'SPAN', startTime: at(50), output });

const searchPartCount = () => activeParts(t.db, TABLES.traceSearch);

beforeAll(async () => {
  t = await createTestApp('search-parts');
  // The large part: traces with both terms in one row, with one of them, and many with neither.
  await send({ id: 'both-early', timestamp: at(1), input: 'amber basalt' });
  await send({ id: 'amber-then-basalt', timestamp: at(2), input: 'amber only', sessionId: 'session-split' });
  await send({ id: 'basalt-then-amber', timestamp: at(3), output: 'basalt only' });
  await send({ id: 'amber-alone', timestamp: at(4), input: 'amber', sessionId: 'session-amber' });
  await send({ id: 'both-resent', timestamp: at(5), input: 'amber basalt' });
  await send({ id: 'deleted', timestamp: at(6), input: 'amber basalt' });
  for (let i = 0; i < FILLERS; i++) await send({ id: `filler-${i}`, timestamp: at(100 + i), input: 'granite' });
  await t.db.writer.command({ query: `OPTIMIZE TABLE ${TABLES.traceSearch} FINAL` });
  await t.db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traceSearch}` });
  // The later pieces, each a part of its own: the missing term of two traces, a trace resent with
  // both terms again, and traces written only in small parts, one of them in two pieces.
  await send({ id: 'amber-then-basalt' }, [span('s1', 'basalt at last')]);
  await send({ id: 'basalt-then-amber' }, [span('s2', 'AMBER at last')]);
  await send({ id: 'both-resent' }, [span('s3', 'basalt and amber again')]);
  await send({ id: 'amber-alone' }, [span('s4', 'granite')]);
  await send({ id: 'fresh', timestamp: at(7), input: 'basalt, amber' });
  await send({ id: 'fresh-pieces', timestamp: at(8), input: 'amber' });
  await send({ id: 'fresh-pieces' }, [span('s5', 'basalt')]);
  expect((await t.request('/api/public/traces/deleted', { method: 'DELETE' })).status).toBe(200);
  const { parts, largest } = await searchPartCount();
  expect(parts).toBeGreaterThanOrEqual(8);
  expect(largest).toBeGreaterThanOrEqual(FILLERS);
});
afterAll(() => t?.close());

const search = async (params: string) => {
  const res = await t.get(`/api/public/traces?${params}&fields=core`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.data as { id: string }[]).map((x) => x.id), total: res.body.meta.totalItems as number };
};

describe('a search of several terms over several parts', () => {
  it('finds each trace holding every term once, wherever its rows are, newest first', async () => {
    const all = ['fresh-pieces', 'fresh', 'both-resent', 'basalt-then-amber', 'amber-then-basalt', 'both-early'];
    expect(await search('search=amber%20basalt')).toEqual({ ids: all, total: 6 });
    expect(await search('search=basalt%20amber&orderBy=timestamp.asc')).toEqual({ ids: [...all].reverse(), total: 6 });
    expect(await search('search=amber%20basalt&limit=2&page=2')).toEqual({ ids: all.slice(2, 4), total: 6 });
  });

  it('needs every term, and leaves out the traces missing one', async () => {
    expect(await search('search=amber%20granite')).toEqual({ ids: ['amber-alone'], total: 1 });
    expect(await search('search=basalt%20granite')).toEqual({ ids: [], total: 0 });
    expect((await search('search=granite%20amber%20basalt')).total).toBe(0);
  });

  it('finds the sessions of those traces the same way', async () => {
    const sessions = async (q: string) => {
      const res = await t.get(`/api/public/sessions?search=${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { id: string }[]).map((x) => x.id);
    };
    expect(await sessions('amber%20basalt')).toEqual(['session-split']);
    expect(await sessions('amber%20granite')).toEqual(['session-amber']);
    expect(await sessions('basalt')).toEqual(['session-split']);
  });

  it('answers the same once the parts have merged', async () => {
    const before = await search('search=amber%20basalt');
    await t.db.writer.command({ query: `SYSTEM START MERGES ${TABLES.traceSearch}` });
    await t.db.writer.command({ query: `OPTIMIZE TABLE ${TABLES.traceSearch} FINAL` });
    expect((await searchPartCount()).parts).toBe(1);
    expect(await search('search=amber%20basalt')).toEqual(before);
    expect((await t.get('/api/public/sessions?search=amber%20basalt')).body.data).toHaveLength(1);
  });
});
