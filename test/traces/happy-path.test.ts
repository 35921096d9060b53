import { DailyResponse, MessageResponse, TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('happy');
});
afterAll(() => t?.close());

const batch = {
  trace: {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    timestamp: '2026-03-01T10:00:00.000Z',
    name: 'support-chat',
    userId: 'user-1',
    session_id: 'session-1',
    release: 'r-7',
    version: 'v2',
    tags: ['prod', 'beta'],
    metadata: { tenant: 'acme', nested: { a: 1 } },
    environment: 'production',
  },
  observations: [
    {
      id: 'obs-root',
      type: 'SPAN',
      name: 'handle-request',
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:00:03.250Z',
      parentObservationId: null,
      metadata: { route: '/chat' },
    },
    {
      id: 'obs-gen',
      traceId: 'a1b2c3d4-0000-4000-8000-000000000001',
      type: 'GENERATION',
      name: 'openai.chat',
      startTime: '2026-03-01T10:00:00.250Z',
      endTime: '2026-03-01T10:00:02.250Z',
      model: 'gpt-4o',
      input: { role: 'user', content: 'hello' },
      output: { role: 'assistant', content: 'hi!' },
      promptTokens: 1200,
      completionTokens: 300,
      totalTokens: 1500,
      parentObservationId: 'obs-root',
    },
  ],
};
// gpt-4o list price: $2.50 / 1M input, $10 / 1M output tokens.
const genCost = 1200 * 2.5e-6 + 300 * 10e-6;

describe('POST /v1/l/batch', () => {
  it('answers 200 with a message once stored', async () => {
    const res = await t.post('/v1/l/batch', batch);
    expect(res.status).toBe(200);
    expect(v.is(MessageResponse, res.body)).toBe(true);
    expect(res.body.message).toMatch(/stored/);
  });
});

describe('GET /api/public/traces', () => {
  it('lists the trace with every field', async () => {
    const res = await t.get('/api/public/traces');
    expect(res.status).toBe(200);
    const body = v.parse(TraceListResponse, res.body);
    expect(body.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
    const [trace] = body.data;
    expect(trace).toEqual({
      id: batch.trace.id,
      projectId: 'spanhouse',
      timestamp: '2026-03-01T10:00:00.000Z',
      name: 'support-chat',
      sessionId: 'session-1',
      userId: 'user-1',
      version: 'v2',
      release: 'r-7',
      environment: 'production',
      tags: ['beta', 'prod'],
      input: null,
      output: null,
      metadata: { tenant: 'acme', nested: { a: 1 } },
      latency: 3.25,
      totalCost: expect.closeTo(genCost, 12),
      public: false,
      bookmarked: false,
      externalId: null,
      htmlPath: `/project/spanhouse/traces/${batch.trace.id}`,
      usage: { input: 1200, output: 300, total: 1500 },
      observations: ['obs-gen', 'obs-root'],
      scores: [],
    });
  });
});

describe('GET /api/public/traces/:traceId', () => {
  it('returns the trace with its observations, usage, latency and parents', async () => {
    const res = await t.get(`/api/public/traces/${batch.trace.id}`);
    expect(res.status).toBe(200);
    const body = v.parse(TraceDetail, res.body);
    expect(body.id).toBe(batch.trace.id);
    expect(body.name).toBe('support-chat');
    expect(body.timestamp).toBe('2026-03-01T10:00:00.000Z');
    expect(body.observations).toHaveLength(2);
    const [root, gen] = body.observations;
    expect(root).toMatchObject({
      id: 'obs-root',
      traceId: batch.trace.id,
      type: 'SPAN',
      name: 'handle-request',
      model: null,
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:00:03.250Z',
      parentObservationId: null,
      usage: { input: 0, output: 0, total: 0 },
      latency: 3.25,
      metadata: { route: '/chat' },
    });
    expect(gen).toMatchObject({
      id: 'obs-gen',
      type: 'GENERATION',
      model: 'gpt-4o',
      parentObservationId: 'obs-root',
      usage: { input: 1200, output: 300, total: 1500 },
      latency: 2,
      input: { role: 'user', content: 'hello' },
      output: { role: 'assistant', content: 'hi!' },
    });
    expect(gen!.totalCost).toBeCloseTo(genCost, 12);
  });

  it('answers 404 in the error body for an unknown id', async () => {
    const res = await t.get('/api/public/traces/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'trace does-not-exist not found', code: 'NOT_FOUND', data: null });
  });
});

describe('GET /api/public/metrics/daily', () => {
  it('aggregates usage and cost per day and model', async () => {
    const res = await t.get('/api/public/metrics/daily');
    expect(res.status).toBe(200);
    const body = v.parse(DailyResponse, res.body);
    expect(body.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
    expect(body.data).toEqual([
      {
        date: '2026-03-01',
        countTraces: 1,
        countObservations: 2,
        totalCost: expect.closeTo(genCost, 12),
        usage: [
          {
            model: null,
            inputUsage: 0,
            outputUsage: 0,
            totalUsage: 0,
            countTraces: 1,
            countObservations: 1,
            totalCost: 0,
          },
          {
            model: 'gpt-4o',
            inputUsage: 1200,
            outputUsage: 300,
            totalUsage: 1500,
            countTraces: 1,
            countObservations: 1,
            totalCost: expect.closeTo(genCost, 12),
          },
        ],
      },
    ]);
  });
});

describe('GET /healthz', () => {
  it('answers without credentials', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
