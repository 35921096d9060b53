import { randomUUID } from 'node:crypto';
import { TraceDetail } from '@spanhouse/schema';
import { Langfuse } from 'langfuse';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The legacy Langfuse JS SDK (`langfuse` 3.x), configured with nothing but our base URL and keys:
 * every write is a batch to POST /api/public/ingestion (creates, then updates and ends in later
 * events), read back with its own fetch helpers.
 */

let server: TestServer;
let langfuse: Langfuse;
const failures: unknown[] = [];
const traceId = randomUUID();
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer('langfuse-legacy-sdk');
  langfuse = new Langfuse({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
    flushAt: 3, // several requests, so updates land in other batches than their creates
    flushInterval: 60_000,
  });
  langfuse.on('error', (e) => failures.push(e));

  const trace = langfuse.trace({
    id: traceId,
    name: 'legacy checkout',
    userId: 'legacy-user',
    sessionId: 'legacy-session',
    tags: ['legacy'],
    metadata: { plan: 'pro' },
    input: { question: 'Where is my order?' },
  });
  const span = trace.span({ name: 'retrieve', input: { query: 'order 42' } });
  const generation = span.generation({
    name: 'answer',
    model: 'gpt-4o',
    input: [{ role: 'user', content: 'Where is my order?' }],
    modelParameters: { temperature: 0.3 },
  });
  generation.update({ completionStartTime: new Date(Date.now() + 5) });
  generation.end({
    output: { role: 'assistant', content: 'On its way.' },
    usage: { promptTokens: 120, completionTokens: 30 },
  });
  span.end({ output: { documents: 2 }, level: 'WARNING', statusMessage: 'one index was slow' });
  const event = trace.event({ name: 'answer shown', metadata: { channel: 'web' } });
  trace.score({ id: `${traceId}-quality`, name: 'quality', value: 0.9, comment: 'helpful' });
  generation.score({ id: `${traceId}-grounded`, name: 'grounded', value: 1, dataType: 'BOOLEAN' });
  trace.update({ output: { answer: 'On its way.' }, tags: ['checked'] });
  Object.assign(ids, { span: span.id, generation: generation.id, event: event.id });
  await langfuse.flushAsync();
  // flushAsync waits for the last batch alone: the SDK sends its batches without waiting for one
  // another, so the first (the creates) may reach the service after the last (the trace's update).
  // Each is readable once its tables' next insert from the ingest log is committed: wait for a
  // field of every batch.
  await eventually(async () => {
    const res = await fetch(`${server.baseUrl}/api/public/traces/${traceId}`, { headers: bearer() });
    expect(res.status).toBe(200);
    const trace = v.parse(TraceDetail, await res.json());
    expect(trace).toMatchObject({ name: 'legacy checkout', userId: 'legacy-user', output: { answer: 'On its way.' } });
    expect(trace.scores).toHaveLength(2);
    const byId = Object.fromEntries(trace.observations.map((o) => [o.id, o]));
    expect(byId[ids.span!]).toMatchObject({ input: { query: 'order 42' }, output: { documents: 2 } });
    expect(byId[ids.generation!]).toMatchObject({ model: 'gpt-4o' });
    expect(byId[ids.generation!]?.endTime).not.toBeNull();
    expect(byId[ids.event!]).toBeDefined();
  });
});

afterAll(async () => {
  await langfuse?.shutdownAsync();
  await server?.close();
});

describe('legacy langfuse SDK → POST /api/public/ingestion', () => {
  it('every batch was accepted', () => {
    expect(failures).toEqual([]);
  });

  it('fetchTrace returns the trace with its updates merged, its observations and scores', async () => {
    const { data } = await langfuse.fetchTrace(traceId);
    const trace = v.parse(TraceDetail, data);
    expect(trace).toMatchObject({
      id: traceId,
      name: 'legacy checkout',
      userId: 'legacy-user',
      sessionId: 'legacy-session',
      metadata: { plan: 'pro' },
      input: { question: 'Where is my order?' },
      output: { answer: 'On its way.' },
    });
    expect([...trace.tags].sort()).toEqual(['checked', 'legacy']);
    const byId = Object.fromEntries(trace.observations.map((o) => [o.id, o]));
    expect(byId[ids.generation!]).toMatchObject({
      type: 'GENERATION',
      name: 'answer',
      model: 'gpt-4o',
      modelParameters: { temperature: 0.3 },
      parentObservationId: ids.span,
      output: { role: 'assistant', content: 'On its way.' },
      usage: { unit: 'TOKENS', input: 120, output: 30, total: 150 },
    });
    expect(byId[ids.generation!]!.endTime).not.toBeNull();
    expect(byId[ids.generation!]!.completionStartTime).not.toBeNull();
    expect(byId[ids.generation!]!.calculatedTotalCost).toBeCloseTo(120 * 2.5e-6 + 30 * 10e-6, 12);
    expect(byId[ids.span!]).toMatchObject({
      type: 'SPAN',
      input: { query: 'order 42' },
      output: { documents: 2 },
      level: 'WARNING',
      statusMessage: 'one index was slow',
    });
    expect(byId[ids.event!]).toMatchObject({ type: 'EVENT', name: 'answer shown', metadata: { channel: 'web' } });
    const scores = Object.fromEntries(trace.scores.map((s) => [s.name, s]));
    expect(scores.quality).toMatchObject({ value: 0.9, comment: 'helpful', dataType: 'NUMERIC', traceId });
    expect(scores.grounded).toMatchObject({ value: 1, stringValue: 'True', observationId: ids.generation });
  });

  it('fetchTraces lists it with its score ids; fetchObservations, fetchObservation and fetchSessions read the rest', async () => {
    const traces = await langfuse.fetchTraces({ userId: 'legacy-user' });
    expect(traces.data.map((t) => t.id)).toEqual([traceId]);
    expect([...(traces.data[0]!.scores as unknown as string[])].sort()).toEqual([
      `${traceId}-grounded`,
      `${traceId}-quality`,
    ]);
    const observations = await langfuse.fetchObservations({ traceId, type: 'GENERATION' });
    expect(observations.data.map((o) => o.id)).toEqual([ids.generation]);
    expect(observations.meta).toMatchObject({ page: 1, totalItems: 1 });
    const one = await langfuse.fetchObservation(ids.span!);
    expect(one.data).toMatchObject({ id: ids.span, traceId, level: 'WARNING' });
    const sessions = await langfuse.fetchSessions();
    expect(sessions.data.map((s) => s.id)).toContain('legacy-session');
    const session = await langfuse.api.sessionsGet('legacy-session');
    expect(session.traces.map((t) => t.id)).toEqual([traceId]);
    const scores = await langfuse.api.scoreV2Get({ userId: 'legacy-user' });
    expect(scores.meta.totalItems).toBe(2);
    expect(scores.data.map((s) => s.traceId)).toEqual([traceId, traceId]);
  });
});
