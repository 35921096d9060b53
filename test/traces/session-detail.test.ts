import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// One session's traces are the traces whose latest piece naming a session names it. The detail
// merges only the traces with a stored piece naming the session, so these traces are stored in
// pieces, each an insert of its own with merges stopped: one moves to another session in a later
// piece, one joins a session only in a later piece, and one of the session's traces is deleted.

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 6, 1, 8) + s * 1000).toISOString();

const PIECES = [
  { id: 'stays', s: 1, sessionId: 'A' },
  { id: 'moves', s: 2, sessionId: 'A' },
  { id: 'joins', s: 3 },
  { id: 'gone', s: 4, sessionId: 'A' },
  { id: 'other', s: 5, sessionId: 'B' },
  { id: 'moves', s: 2, sessionId: 'B' },
  { id: 'joins', s: 3, sessionId: 'A' },
];

beforeAll(async () => {
  t = await createTestApp('session-detail');
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
  for (const x of PIECES) {
    const res = await t.post('/v1/l/batch', {
      trace: { id: x.id, timestamp: at(x.s), name: 'n', ...(x.sessionId ? { sessionId: x.sessionId } : {}) },
    });
    expect(res.status).toBe(200);
  }
  expect((await t.request('/api/public/traces/gone', { method: 'DELETE' })).status).toBe(200);
});
afterAll(() => t?.close());

const sessionTraces = async (id: string) => {
  const res = await t.get(`/api/public/sessions/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.traces as { id: string; sessionId: string }[]).map((x) => [x.id, x.sessionId]);
};

describe('one session', () => {
  it('holds the traces whose latest piece names it, oldest first', async () => {
    expect(await sessionTraces('A')).toEqual([
      ['stays', 'A'],
      ['joins', 'A'],
    ]);
    expect(await sessionTraces('B')).toEqual([
      ['moves', 'B'],
      ['other', 'B'],
    ]);
  });

  it('is not found when no trace names it any more', async () => {
    expect((await t.get('/api/public/sessions/none')).status).toBe(404);
  });
});
