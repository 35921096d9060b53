import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('merge');
});
afterAll(() => t?.close());

describe('one trace sent in three requests', () => {
  const id = 'merge-trace';
  beforeAll(async () => {
    // 1: the start of the trace, with a name and tags.
    const r1 = await t.post('/v1/l/batch', {
      trace: { id, timestamp: '2026-04-01T12:00:05Z', name: 'first-name', tags: ['x'], metadata: { a: 1, b: 'old' } },
      observations: [
        { id: 'm-1', type: 'SPAN', name: 'root', startTime: '2026-04-01T12:00:05Z', endTime: '2026-04-01T12:00:06Z' },
      ],
    });
    // 2: an earlier timestamp, user and session, more tags; no name (must not erase it).
    const r2 = await t.post('/v1/l/batch', {
      trace: {
        id,
        timestamp: '2026-04-01T12:00:00Z',
        userId: 'user-9',
        session_id: 'sess-9',
        tags: ['y', 'x'],
        metadata: { b: 'new' },
      },
      observations: [
        {
          id: 'm-2',
          type: 'GENERATION',
          model: 'gpt-4o',
          startTime: '2026-04-01T12:00:01Z',
          endTime: '2026-04-01T12:00:09Z',
          promptTokens: 10,
          completionTokens: 5,
          parentObservationId: 'm-1',
        },
      ],
    });
    // 3: a later name, release and version; a later timestamp (must not win).
    const r3 = await t.post('/v1/l/batch', {
      trace: {
        id,
        timestamp: '2026-04-01T13:00:00Z',
        name: 'final-name',
        release: 'rel-3',
        version: 'ver-3',
        tags: ['z'],
      },
      observations: [],
    });
    expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 200]);
  });

  it('ends as one trace with every field merged by the rule', async () => {
    const list = await t.get('/api/public/traces');
    expect(list.body.meta.totalItems).toBe(1);
    const [trace] = list.body.data;
    expect(trace).toMatchObject({
      id,
      timestamp: '2026-04-01T12:00:00.000Z',
      name: 'final-name',
      userId: 'user-9',
      sessionId: 'sess-9',
      release: 'rel-3',
      version: 'ver-3',
      tags: ['x', 'y', 'z'],
      metadata: { a: 1, b: 'new' },
      observations: ['m-1', 'm-2'],
      // From the earliest start (m-2, 12:00:01) to the latest end (m-2, 12:00:09).
      latency: 8,
    });
    const single = await t.get(`/api/public/traces/${id}`);
    expect(single.body.observations.map((o: { id: string }) => o.id)).toEqual(['m-2', 'm-1']);
  });

  it('filters see the merged fields', async () => {
    expect((await t.get('/api/public/traces?userId=user-9&name=final-name&tags=x,y,z')).body.meta.totalItems).toBe(1);
    expect((await t.get('/api/public/traces?name=first-name')).body.meta.totalItems).toBe(0);
  });
});

describe('re-sending a batch', () => {
  it('changes no count and no cost', async () => {
    const batch = makeBatch({ id: 'resend-trace', timestamp: '2026-04-02T00:00:00Z', userId: 'resender' });
    expect((await t.post('/v1/l/batch', batch)).status).toBe(200);
    const listBefore = await t.get('/api/public/traces?userId=resender');
    const dailyBefore = await t.get('/api/public/metrics/daily?userId=resender');
    for (let i = 0; i < 3; i++) expect((await t.post('/v1/l/batch', batch)).status).toBe(200);
    const listAfter = await t.get('/api/public/traces?userId=resender');
    const dailyAfter = await t.get('/api/public/metrics/daily?userId=resender');
    expect(listAfter.body).toEqual(listBefore.body);
    expect(dailyAfter.body).toEqual(dailyBefore.body);
    expect(dailyAfter.body.data[0]).toMatchObject({ countTraces: 1, countObservations: 2 });
    expect(dailyAfter.body.data[0].totalCost).toBeCloseTo(100 * 0.15e-6 + 50 * 0.6e-6, 12);
    const single = await t.get('/api/public/traces/resend-trace');
    expect(single.body.observations).toHaveLength(2);
  });
});

describe('an observation sent again without its type', () => {
  it('stays the GENERATION an earlier piece made it; a type sent later wins', async () => {
    const id = 'typed-later';
    const start = '2026-04-03T10:00:00Z';
    const first = await t.post('/v1/l/batch', {
      trace: { id, userId: 'typer' },
      observations: [
        { id: 'g-1', type: 'GENERATION', model: 'gpt-4o', startTime: start, promptTokens: 10 },
        { id: 's-1', type: 'TOOL', startTime: start },
      ],
    });
    // The second piece only adds the end times: no type, as a client updating a span sends it.
    const second = await t.post('/v1/l/batch', {
      trace: { id },
      observations: [
        { id: 'g-1', startTime: start, endTime: '2026-04-03T10:00:02Z' },
        { id: 's-1', startTime: start, endTime: '2026-04-03T10:00:01Z' },
        { id: 'n-1', startTime: start },
      ],
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    const types = async () => {
      const single = await t.get(`/api/public/traces/${id}`);
      return Object.fromEntries(single.body.observations.map((o: { id: string; type: string }) => [o.id, o.type]));
    };
    expect(await types()).toEqual({ 'g-1': 'GENERATION', 's-1': 'TOOL', 'n-1': 'SPAN' });
    const single = await t.get(`/api/public/traces/${id}`);
    const g = single.body.observations.find((o: { id: string }) => o.id === 'g-1');
    expect(g).toMatchObject({ model: 'gpt-4o', endTime: '2026-04-03T10:00:02.000Z', usage: { input: 10 } });

    const third = await t.post('/v1/l/batch', {
      trace: { id },
      observations: [{ id: 's-1', type: 'SPAN', startTime: start }],
    });
    expect(third.status).toBe(200);
    expect(await types()).toEqual({ 'g-1': 'GENERATION', 's-1': 'SPAN', 'n-1': 'SPAN' });
  });
});

describe('ids with surrounding spaces', () => {
  it('are kept as sent: the trace reads back under the id it was sent with, its tree intact', async () => {
    const id = ' padded trace\t';
    const res = await t.post('/v1/l/batch', {
      trace: { id, userId: 'padder' },
      observations: [
        { id: ' root ', startTime: '2026-04-04T00:00:00Z' },
        { id: 'child', startTime: '2026-04-04T00:00:01Z', parentObservationId: ' root ', traceId: id },
      ],
    });
    expect(res.status).toBe(200);
    const single = await t.get(`/api/public/traces/${encodeURIComponent(id)}`);
    expect(single.status).toBe(200);
    expect(single.body.id).toBe(id);
    const byId = Object.fromEntries(
      single.body.observations.map((o: { id: string; parentObservationId: string | null }) => [o.id, o.parentObservationId]),
    );
    expect(byId).toEqual({ ' root ': null, child: ' root ' });
    const list = await t.get('/api/public/traces?userId=padder');
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([id]);
  });
});
