import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// An observation without an end time has no latency: null in every read that shows one, as
// Langfuse shows it, and the v1 reads agree with v2.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('observation-latency');
  const res = await t.post('/v1/l/batch', {
    trace: { id: 'latency-trace', timestamp: '2026-06-01T12:00:00Z', name: 'n' },
    observations: [
      { id: 'open', type: 'SPAN', name: 'open', startTime: '2026-06-01T12:00:00Z' },
      {
        id: 'closed',
        type: 'SPAN',
        name: 'closed',
        startTime: '2026-06-01T12:00:00Z',
        endTime: '2026-06-01T12:00:01.5Z',
      },
    ],
  });
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

it('v1 get and list, the trace detail and v2: null without an end, seconds with one', async () => {
  const latencies = (list: { id: string; latency: number | null }[]) =>
    Object.fromEntries(list.map((o) => [o.id, o.latency]));
  const expected = { open: null, closed: 1.5 };
  expect((await t.get('/api/public/observations/open')).body.latency).toBeNull();
  expect((await t.get('/api/public/observations/closed')).body.latency).toBe(1.5);
  expect(latencies((await t.get('/api/public/observations?traceId=latency-trace')).body.data)).toEqual(expected);
  expect(latencies((await t.get('/api/public/traces/latency-trace')).body.observations)).toEqual(expected);
  expect(
    latencies((await t.get('/api/public/v2/observations?traceId=latency-trace&fields=core,metrics')).body.data),
  ).toEqual(expected);
});
