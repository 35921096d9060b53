import { ScoreListResponse, ScoreOutput } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

/* Scores over raw HTTP: POST, re-sends, DELETE, the v1 and v2 reads and their filters. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('ingestion_scores');
  for (const id of ['s-t1', 's-t2']) {
    expect(
      (await t.post('/v1/l/batch', makeBatch({ id, userId: id === 's-t1' ? 'alice' : 'bob', tags: ['x'] }))).status,
    ).toBe(200);
  }
});
afterAll(() => t?.close());

const post = (body: Record<string, unknown>) => t.post('/api/public/scores', body);
const list = async (query: string, api = 'v2') => {
  const res = await t.get(`/api/public/${api === 'v2' ? 'v2/' : ''}scores${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(ScoreListResponse, res.body);
};

describe('scores', () => {
  it('POST answers the id; each data type is stored as Langfuse shows it', async () => {
    const numeric = await post({ id: 'sc-num', traceId: 's-t1', name: 'accuracy', value: 0.9, comment: 'good' });
    expect(numeric).toMatchObject({ status: 200, body: { id: 'sc-num' } });
    expect((await post({ id: 'sc-bool', traceId: 's-t1', name: 'ok', value: 1, dataType: 'BOOLEAN' })).status).toBe(
      200,
    );
    expect(
      (await post({ id: 'sc-cat', traceId: 's-t2', name: 'tone', value: 'polite', observationId: 's-t2-gen' })).status,
    ).toBe(200);
    expect(
      (await post({ id: 'sc-text', sessionId: 'sess-1', name: 'note', value: 'fine', dataType: 'TEXT' })).status,
    ).toBe(200);
    const generated = await post({ traceId: 's-t2', name: 'auto', value: 2, source: 'ANNOTATION' });
    expect(generated.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const get = async (id: string) => v.parse(ScoreOutput, (await t.get(`/api/public/v2/scores/${id}`)).body);
    expect(await get('sc-num')).toMatchObject({
      dataType: 'NUMERIC',
      value: 0.9,
      comment: 'good',
      traceId: 's-t1',
      source: 'API',
    });
    expect((await get('sc-num')).stringValue).toBeUndefined();
    expect(await get('sc-bool')).toMatchObject({ dataType: 'BOOLEAN', value: 1, stringValue: 'True' });
    expect(await get('sc-cat')).toMatchObject({
      dataType: 'CATEGORICAL',
      value: 0,
      stringValue: 'polite',
      observationId: 's-t2-gen',
    });
    const text = await get('sc-text');
    expect(text).toMatchObject({ dataType: 'TEXT', stringValue: 'fine', sessionId: 'sess-1', traceId: null });
    expect(text.value).toBeUndefined();
  });

  it('a value that does not fit its dataType is a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ value: 'high', dataType: 'NUMERIC' }, 'value'],
      [{ value: 2, dataType: 'BOOLEAN' }, 'value'],
      [{ value: 3, dataType: 'CATEGORICAL' }, 'value'],
      [{ value: 'x', dataType: 'OTHER' }, 'dataType'],
      [{ value: {} }, 'value'],
    ];
    for (const [body, field] of cases) {
      const res = await post({ traceId: 's-t1', name: 'bad', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', data: null });
      expect(res.body.message).toContain(`${field}:`);
    }
    expect((await post({ name: 'orphan', value: 1 })).body.message).toContain('traceId');
  });

  it('a re-sent score replaces the older one, never doubles', async () => {
    await post({ id: 'sc-again', traceId: 's-t1', name: 'again', value: 1 });
    await post({ id: 'sc-again', traceId: 's-t1', name: 'again', value: 2 });
    const res = await list('?name=again');
    expect(res.meta.totalItems).toBe(1);
    expect(res.data.map((s) => s.value)).toEqual([2]);
  });

  it('DELETE removes a score for good: 404 after, and a late re-send of the deleted version stays deleted', async () => {
    const event = {
      id: 'ev-del',
      type: 'score-create',
      timestamp: '2026-03-01T10:00:00.000Z',
      body: { id: 'sc-del', traceId: 's-t1', name: 'gone', value: 5 },
    };
    expect((await t.post('/api/public/ingestion', { batch: [event] })).body.successes).toHaveLength(1);
    expect((await t.get('/api/public/v2/scores/sc-del')).status).toBe(200);
    const del = await t.request('/api/public/scores/sc-del', { method: 'DELETE' });
    expect(del.status).toBe(202);
    expect((await t.get('/api/public/v2/scores/sc-del')).status).toBe(404);
    expect((await t.request('/api/public/scores/sc-del', { method: 'DELETE' })).status).toBe(404);
    await t.post('/api/public/ingestion', { batch: [event] });
    expect((await t.get('/api/public/v2/scores/sc-del')).status).toBe(404);
    expect((await list('?name=gone')).meta.totalItems).toBe(0);
    expect((await t.get('/api/public/traces/s-t1')).body.scores.map((s: { id: string }) => s.id)).not.toContain(
      'sc-del',
    );
  });

  it('unknown ids are 404 on every read', async () => {
    for (const path of ['/api/public/v2/scores/nope', '/api/public/scores/nope']) {
      const res = await t.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
    // v1 knows only scores of a trace.
    expect((await t.get('/api/public/scores/sc-text')).status).toBe(404);
  });

  it('filters and pagination follow Langfuse (v2 and v1)', async () => {
    expect((await list('?traceId=s-t1')).data.map((s) => s.id).sort()).toEqual(['sc-again', 'sc-bool', 'sc-num']);
    expect((await list('?dataType=BOOLEAN')).data.map((s) => s.id)).toEqual(['sc-bool']);
    expect((await list('?source=ANNOTATION')).data).toHaveLength(1);
    expect((await list('?sessionId=sess-1')).data.map((s) => s.id)).toEqual(['sc-text']);
    expect((await list('?observationId=s-t2-gen,other')).data.map((s) => s.id)).toEqual(['sc-cat']);
    expect((await list('?userId=bob')).data.map((s) => s.traceId)).toEqual(['s-t2', 's-t2']);
    expect((await list('?traceTags=x&name=accuracy')).data.map((s) => s.id)).toEqual(['sc-num']);
    expect((await list('?operator=%3C&value=1&dataType=NUMERIC')).data.map((s) => s.value)).toEqual([0.9]);
    expect((await list('?operator=%3E&value=1.5&dataType=NUMERIC')).data.map((s) => s.value).sort()).toEqual([2, 2]);
    expect((await list('?scoreIds=sc-num,sc-cat')).data.map((s) => s.id).sort()).toEqual(['sc-cat', 'sc-num']);
    const all = await list('?limit=2&page=2');
    expect(all.meta).toEqual({ page: 2, limit: 2, totalItems: 6, totalPages: 3 });
    expect(all.data).toHaveLength(2);
    const newestFirst = (await list('?limit=50')).data.map((s) => s.timestamp);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    // v2 shows the trace's user, tags, environment and session; v1 only trace scores.
    expect((await list('?traceId=s-t1&name=accuracy')).data[0]!.trace).toEqual({
      userId: 'alice',
      tags: ['x'],
      environment: 'default',
      sessionId: null,
    });
    expect((await list('?name=accuracy&fields=score')).data[0]!.trace).toBeUndefined();
    const v1 = await list('?limit=50', 'v1');
    expect(v1.meta.totalItems).toBe(5);
    expect(v1.data.every((s) => s.traceId !== null)).toBe(true);
    expect(v1.data[0]!.trace).not.toHaveProperty('sessionId');
    const bad = await t.get('/api/public/v2/scores?operator=~&value=1');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('operator');
  });

  it('the trace list holds its score ids and honours fields; the single trace holds the score objects', async () => {
    const listed = (await t.get('/api/public/traces?userId=alice')).body.data[0];
    expect([...listed.scores].sort()).toEqual(['sc-again', 'sc-bool', 'sc-num']);
    expect((await t.get('/api/public/traces?userId=alice&fields=core,io')).body.data[0].scores).toEqual([]);
    const detail = (await t.get('/api/public/traces/s-t1')).body;
    expect(detail.scores.map((s: ScoreOutput) => s.id).sort()).toEqual(['sc-again', 'sc-bool', 'sc-num']);
    expect(detail.scores.find((s: ScoreOutput) => s.id === 'sc-bool')).toMatchObject({
      stringValue: 'True',
      dataType: 'BOOLEAN',
    });
  });
});

describe('the JSON filter of the score lists', () => {
  const filtered = async (conditions: unknown[], api = 'v2') =>
    (await list(`?filter=${encodeURIComponent(JSON.stringify(conditions))}`, api)).data.map((s) => s.id).sort();
  const judge = { type: 'stringOptions', column: 'name', operator: 'any of', value: ['judge'] };

  beforeAll(async () => {
    for (const [id, traceId, value, metadata] of [
      ['sc-meta-a', 's-t1', 0.3, { user_id: 'abc', run: 7 }],
      ['sc-meta-b', 's-t2', 0.8, { user_id: 'xyz' }],
    ] as const) {
      expect((await post({ id, traceId, name: 'judge', value, metadata })).status).toBe(200);
    }
  });

  it("keeps only the scores that match, on the score's metadata, its fields and its trace's", async () => {
    const metadata = (value: string) => ({
      type: 'stringObject',
      column: 'metadata',
      key: 'user_id',
      operator: '=',
      value,
    });
    expect(await filtered([metadata('abc')])).toEqual(['sc-meta-a']);
    expect(await filtered([metadata('abc')], 'v1')).toEqual(['sc-meta-a']);
    expect(await filtered([metadata('nobody')])).toEqual([]);
    expect(
      await filtered([{ type: 'stringObject', column: 'metadata', key: 'run', operator: '=', value: '7' }]),
    ).toEqual(['sc-meta-a']);
    expect(await filtered([judge, { type: 'number', column: 'value', operator: '>', value: 0.5 }])).toEqual([
      'sc-meta-b',
    ]);
    expect(await filtered([judge, { type: 'string', column: 'userId', operator: '=', value: 'bob' }])).toEqual([
      'sc-meta-b',
    ]);
    expect(
      await filtered([judge, { type: 'arrayOptions', column: 'Trace Tags', operator: 'all of', value: ['x'] }]),
    ).toEqual(['sc-meta-a', 'sc-meta-b']);
    // The simple parameters still apply beside it.
    const both = await list(`?traceId=s-t2&filter=${encodeURIComponent(JSON.stringify([judge]))}`);
    expect(both.data.map((s) => s.id)).toEqual(['sc-meta-b']);
  });

  it('a filter it cannot apply is a 400 naming the condition, never ignored', async () => {
    const bad = async (filter: string) => {
      const res = await t.get(`/api/public/v2/scores?filter=${encodeURIComponent(filter)}`);
      expect(res.status).toBe(400);
      return res.body.message as string;
    };
    expect(await bad('not json')).toContain('filter must be JSON');
    expect(await bad(JSON.stringify([{ type: 'string', column: 'nope', operator: '=', value: 'a' }]))).toContain(
      '"nope"',
    );
    expect(await bad(JSON.stringify([{ type: 'number', column: 'name', operator: '=', value: 1 }]))).toContain(
      'filter[0]',
    );
  });
});
