import { randomUUID } from 'node:crypto';
import { SEARCH_FIRST_HITS } from '@spanhouse/query-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * A search narrowed to a user reads that user's traces first when the term is common (more hits
 * than SEARCH_FIRST_HITS): the ids of the stored trace rows that name the user, then the merged
 * rows decide. Here one trace names user u1 in its first piece and u2 in a later one, each piece in
 * an insert of its own with merges stopped: it is u2's trace only, in every list a search with a
 * userId answers, with its count, whether the term is rare or common.
 */

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 4, 1, 9) + s * 1000).toISOString();

const piece = (id: string, s: number, userId: string, text?: string) => ({
  trace: { id, timestamp: at(s), userId },
  ...(text
    ? {
        observations: [
          { id: `${id}-obs`, type: 'GENERATION', name: 'llm', startTime: at(s), endTime: at(s + 1), input: text },
        ],
      }
    : {}),
});

beforeAll(async () => {
  t = await createTestApp('search-user-moved');
  // Other users' traces that make "common" a common term.
  const common = Array.from({ length: SEARCH_FIRST_HITS + 1 }, (_, k) => ({
    id: randomUUID(),
    type: 'trace-create',
    timestamp: at(100),
    body: { id: `other-${k}`, timestamp: at(100 + k), userId: 'someone', input: 'a common word' },
  }));
  expect((await t.post('/api/public/ingestion', { batch: common })).status).toBe(207);
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
  for (const body of [
    piece('moved', 1, 'u1', 'the quokka smiled, common'),
    piece('stays', 2, 'u1', 'a quokka again, common'),
    piece('moved', 3, 'u2'),
  ]) {
    expect((await t.post('/v1/l/batch', body)).status).toBe(200);
  }
  const rows = await t.db.writer.query({
    query: "SELECT count() AS n FROM traces_v2 WHERE id = 'moved'",
    format: 'JSONEachRow',
  });
  expect(Number(((await rows.json()) as { n: unknown }[])[0]?.n)).toBe(2);
});
afterAll(() => t?.close());

describe('a search with the userId of a trace whose later piece named another user', () => {
  it.each(['quokka', 'common'])('lists the trace under its latest user only, searched for %s', async (term) => {
    for (const [user, expected] of [
      ['u1', ['stays']],
      ['u2', ['moved']],
    ] as const) {
      const res = await t.get(`/api/public/traces?search=${term}&userId=${user}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((x: { id: string }) => x.id)).toEqual(expected);
      expect(res.body.meta.totalItems).toBe(expected.length);
    }
  });

  it('lists its observations under its latest user only, v1 and v2', async () => {
    for (const path of ['/api/public/observations', '/api/public/v2/observations']) {
      for (const [user, expected] of [
        ['u1', ['stays-obs']],
        ['u2', ['moved-obs']],
      ] as const) {
        const res = await t.get(`${path}?search=quokka&userId=${user}`);
        expect(res.status, path).toBe(200);
        expect(
          res.body.data.map((x: { id: string }) => x.id),
          `${path} ${user}`,
        ).toEqual(expected);
      }
    }
  });
});
