import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('traces_poll');
});
afterAll(() => t?.close());

/** How many times each read of a trace by id ran, from /metrics. */
async function readCounts(): Promise<Record<string, number>> {
  const text = await (await t.request('/metrics')).text();
  const count = (tag: string) =>
    Number(
      text.match(new RegExp(`spanhouse_query_duration_seconds_count\\{query="${tag}",outcome="ok"\\} (\\d+)`))?.[1] ??
        0,
    );
  return {
    trace: count('traces\\.get'),
    observations: count('traces\\.get\\.observations'),
    scores: count('traces\\.get\\.scores'),
  };
}

function diff(after: Record<string, number>, before: Record<string, number>) {
  return Object.fromEntries(Object.entries(after).map(([k, n]) => [k, n - (before[k] ?? 0)]));
}

describe('a client polling GET /api/public/traces/:id for a trace it has just sent', () => {
  it('gets 404 until the trace is written, then the whole trace; the polls before read the traces table alone', async () => {
    const batch = makeBatch({ name: 'polled' });
    const before = await readCounts();
    for (let i = 0; i < 5; i++) expect((await t.get(`/api/public/traces/${batch.trace.id}`)).status).toBe(404);
    // The first poll reads all three tables at once; the next four only the trace's row.
    expect(diff(await readCounts(), before)).toEqual({ trace: 5, observations: 1, scores: 1 });

    expect((await t.post('/v1/l/batch', batch)).status).toBe(200);
    const found = await t.get(`/api/public/traces/${batch.trace.id}`);
    expect(found.status).toBe(200);
    const body = v.parse(TraceDetail, found.body);
    expect(body.name).toBe('polled');
    expect(body.observations.map((o) => o.id).sort()).toEqual([`${batch.trace.id}-gen`, `${batch.trace.id}-root`]);
    expect(body.scores).toEqual([]);
    expect(diff(await readCounts(), before)).toEqual({ trace: 6, observations: 2, scores: 2 });

    // Found once, the id is read as any other: all three reads at once, the same answer.
    const again = await t.get(`/api/public/traces/${batch.trace.id}`);
    expect(again.body).toEqual(found.body);
    expect(diff(await readCounts(), before)).toEqual({ trace: 7, observations: 3, scores: 3 });
  });

  it('answers a trace written before it was ever polled with all three reads at once', async () => {
    const batch = makeBatch({ name: 'known' });
    expect((await t.post('/v1/l/batch', batch)).status).toBe(200);
    const before = await readCounts();
    const res = await t.get(`/api/public/traces/${batch.trace.id}`);
    expect(res.status).toBe(200);
    expect(res.body.observations).toHaveLength(2);
    expect(diff(await readCounts(), before)).toEqual({ trace: 1, observations: 1, scores: 1 });
  });

  it('keeps misses per project: an id unknown in one project is read in full in another', async () => {
    const batch = makeBatch({ name: 'elsewhere' });
    expect((await t.get(`/api/public/traces/${batch.trace.id}`)).status).toBe(404);
    const created = await t.post('/api/public/projects', { name: 'poll-other' });
    expect(created.status).toBe(201);
    const other = { 'Spanhouse-Project': created.body.id as string };
    expect((await t.post('/v1/l/batch', batch, other)).status).toBe(200);
    const before = await readCounts();
    const res = await t.get(`/api/public/traces/${batch.trace.id}`, other);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('elsewhere');
    expect(diff(await readCounts(), before)).toEqual({ trace: 1, observations: 1, scores: 1 });
  });
});
