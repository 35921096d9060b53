import { LangfuseClient } from '@langfuse/client';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { propagateAttributes, startActiveObservation, startObservation } from '@langfuse/tracing';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The real Langfuse JS SDK, configured with nothing but our base URL and keys: LangfuseSpanProcessor
 * (OTLP/JSON with Basic auth) writes, and LangfuseClient's api.trace.* (Basic auth) reads.
 */

let server: TestServer;
let processor: LangfuseSpanProcessor;
let provider: NodeTracerProvider;

const SUBTYPES = ['agent', 'tool', 'chain', 'retriever', 'evaluator', 'embedding', 'guardrail', 'event'] as const;

/** A trace id and the ids of its observations, as the SDK reported them. */
type Recorded = {
  traceId: string;
  rootId: string;
  generationId: string;
  spanId: string;
  typed: Record<string, string>;
};
let recorded: Recorded;
let other: { traceId: string };

const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const spanUuid = (hex: string) => traceUuid(`0000000000000000${hex}`);

async function recordTrace(): Promise<Recorded> {
  return startActiveObservation('checkout', async (root) => {
    root.update({ input: { question: 'Where is my order?' } });
    return propagateAttributes(
      {
        userId: 'user-lf-1',
        sessionId: 'session-lf-1',
        tags: ['sdk', 'checkout'],
        metadata: { team: 'search' },
        traceName: 'langfuse sdk trace',
      },
      async () => {
        const generation = startObservation(
          'answer',
          {
            model: 'gpt-4o-mini',
            input: [{ role: 'user', content: 'Where is my order?' }],
            usageDetails: { input: 11, output: 22 },
            modelParameters: { temperature: 0.2 },
          },
          { asType: 'generation' },
        );
        generation.update({ output: { role: 'assistant', content: 'On its way.' } }).end();
        const span = startObservation('lookup order', { input: { orderId: 42 }, metadata: { shard: 3 } });
        span.end();
        const typed: Record<string, string> = {};
        for (const asType of SUBTYPES) {
          const o = startObservation(`a ${asType}`, {}, { asType: asType as 'agent' });
          typed[asType] = o.id;
          o.end();
        }
        root.update({ output: 'On its way.' });
        return { traceId: root.traceId, rootId: root.id, generationId: generation.id, spanId: span.id, typed };
      },
    );
  });
}

beforeAll(async () => {
  server = await startTestServer('langfuse-sdk');
  processor = new LangfuseSpanProcessor({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
  });
  provider = new NodeTracerProvider({ spanProcessors: [processor] });
  provider.register();
  recorded = await recordTrace();
  other = await startActiveObservation('unrelated', async (root) => {
    await propagateAttributes({ userId: 'someone-else', sessionId: 'other-session', tags: ['sdk'] }, async () => {
      startObservation('child').end();
    });
    return { traceId: root.traceId };
  });
  await processor.forceFlush();
  // The SDK's exports were acknowledged once durable; the rows are readable after the next insert.
  await eventually(async () => {
    const listed = v.parse(TraceListResponse, await get('/api/public/traces?tags=sdk&fields=observations'));
    expect(listed.data.map((t) => t.observations.length).sort((a, b) => a - b)).toEqual([2, 3 + SUBTYPES.length]);
  });
});
afterAll(async () => {
  await provider?.shutdown();
  await server?.close();
});

async function get(path: string) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: bearer() });
  expect(res.status).toBe(200);
  return res.json();
}

describe('Langfuse SDK (LangfuseSpanProcessor + @langfuse/tracing) → our query API', () => {
  it('stores the trace with its propagated fields and every observation', async () => {
    const trace = v.parse(TraceDetail, await get(`/api/public/traces/${traceUuid(recorded.traceId)}`));
    expect(trace).toMatchObject({
      name: 'langfuse sdk trace',
      userId: 'user-lf-1',
      sessionId: 'session-lf-1',
      metadata: { team: 'search' },
      input: { question: 'Where is my order?' },
      output: 'On its way.',
    });
    expect(trace.tags).toEqual(['checkout', 'sdk']);
    const byId = Object.fromEntries(trace.observations.map((o) => [o.id, o]));
    expect(trace.observations).toHaveLength(3 + SUBTYPES.length);

    expect(byId[spanUuid(recorded.rootId)]).toMatchObject({
      type: 'SPAN',
      name: 'checkout',
      parentObservationId: null,
    });
    expect(byId[spanUuid(recorded.generationId)]).toMatchObject({
      type: 'GENERATION',
      name: 'answer',
      model: 'gpt-4o-mini',
      parentObservationId: spanUuid(recorded.rootId),
      usage: { input: 11, output: 22, total: 33 },
      input: [{ role: 'user', content: 'Where is my order?' }],
      output: { role: 'assistant', content: 'On its way.' },
      modelParameters: { temperature: 0.2 },
      usageDetails: { input: 11, output: 22, total: 33 },
    });
    expect(byId[spanUuid(recorded.spanId)]).toMatchObject({
      type: 'SPAN',
      input: { orderId: 42 },
      metadata: { shard: 3 },
    });
    for (const asType of SUBTYPES) {
      expect(byId[spanUuid(recorded.typed[asType]!)]?.type).toBe(asType.toUpperCase());
    }
    expect(trace.totalCost).toBeGreaterThan(0); // gpt-4o-mini is in the price table
  });

  it('filters the trace list by userId, sessionId and tags', async () => {
    const id = traceUuid(recorded.traceId);
    const ids = async (query: string) =>
      v.parse(TraceListResponse, await get(`/api/public/traces?${query}`)).data.map((t) => t.id);
    expect(await ids('userId=user-lf-1')).toEqual([id]);
    expect(await ids('sessionId=session-lf-1')).toEqual([id]);
    expect(await ids('tags=sdk&tags=checkout')).toEqual([id]);
    expect((await ids('tags=sdk')).sort()).toEqual([id, traceUuid(other.traceId)].sort());
    expect(await ids('userId=nobody')).toEqual([]);
  });

  it('@langfuse/client api.trace.list and api.trace.get read it back with Basic auth', async () => {
    const langfuse = new LangfuseClient({
      publicKey: server.credentials.publicKey,
      secretKey: server.credentials.secretKey,
      baseUrl: server.baseUrl,
    });
    const list = await langfuse.api.trace.list({ userId: 'user-lf-1', tags: ['sdk', 'checkout'] });
    expect(list.data.map((t) => t.id)).toEqual([traceUuid(recorded.traceId)]);
    expect(list.meta.totalItems).toBe(1);
    expect(list.data[0]).toMatchObject({ sessionId: 'session-lf-1', name: 'langfuse sdk trace' });

    const one = await langfuse.api.trace.get(traceUuid(recorded.traceId));
    expect(one.id).toBe(traceUuid(recorded.traceId));
    const generation = one.observations.find((o) => o.id === spanUuid(recorded.generationId));
    expect(generation).toMatchObject({ type: 'GENERATION', model: 'gpt-4o-mini' });
  });

  it("reads the trace, its observations and scores by the SDK's own hex ids, and deletes by them", async () => {
    const langfuse = new LangfuseClient({
      publicKey: server.credentials.publicKey,
      secretKey: server.credentials.secretKey,
      baseUrl: server.baseUrl,
    });
    // The SDK reports OpenTelemetry's hex ids; the trace is stored under the UUID form (OTLP mapping).
    const one = await langfuse.api.trace.get(recorded.traceId);
    expect(one.id).toBe(traceUuid(recorded.traceId));
    expect(one.observations).toHaveLength(3 + SUBTYPES.length);

    const observationIds = async (query: string) =>
      ((await get(`/api/public/observations?${query}`)) as { data: { id: string }[] }).data.map((o) => o.id).sort();
    expect(await observationIds(`traceId=${recorded.traceId}`)).toHaveLength(3 + SUBTYPES.length);
    expect(await observationIds(`traceId=${recorded.traceId}&parentObservationId=${recorded.rootId}`)).toContain(
      spanUuid(recorded.generationId),
    );
    expect((await get(`/api/public/observations/${recorded.generationId}`)) as { id: string }).toMatchObject({
      id: spanUuid(recorded.generationId),
      type: 'GENERATION',
    });

    // A score created with the hex ids, as an application scoring its SDK's trace does.
    langfuse.score.create({
      traceId: recorded.traceId,
      observationId: recorded.generationId,
      name: 'helpful',
      value: 1,
    });
    await langfuse.score.flush();
    await eventually(async () => {
      const trace = v.parse(TraceDetail, await get(`/api/public/traces/${traceUuid(recorded.traceId)}`));
      expect(trace.scores.map((s) => s.name)).toEqual(['helpful']);
    });
    const scores = (await get(`/api/public/v2/scores?traceId=${traceUuid(recorded.traceId)}`)) as {
      data: { name: string; trace?: { userId?: string | null } }[];
    };
    expect(scores.data).toHaveLength(1);
    expect(scores.data[0]?.trace?.userId).toBe('user-lf-1');
    // A list by observation reads score_times, which a view fills within the same insert: the SDK's
    // flush does not wait for the insert's end, so the score can be in one table a moment before
    // the other.
    await eventually(async () => {
      const byObservation = (await get(`/api/public/v2/scores?observationId=${spanUuid(recorded.generationId)}`)) as {
        data: unknown[];
      };
      expect(byObservation.data).toHaveLength(1);
    });
    // The Metrics API's score views join the score to its trace and observation by either form.
    const window = {
      fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
      toTimestamp: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const byTrace = await langfuse.api.legacy.metricsV1.metrics({
      query: JSON.stringify({
        ...window,
        view: 'scores-numeric',
        dimensions: [
          { field: 'traceName' },
          { field: 'userId' },
          { field: 'tags' },
          { field: 'observationName' },
          { field: 'observationModelName' },
        ],
        metrics: [{ measure: 'value', aggregation: 'sum' }],
      }),
    });
    expect(byTrace.data).toEqual([
      {
        traceName: 'langfuse sdk trace',
        userId: 'user-lf-1',
        tags: ['sdk', 'checkout'],
        observationName: 'answer',
        observationModelName: 'gpt-4o-mini',
        sum_value: 1,
      },
    ]);

    await langfuse.api.trace.delete(other.traceId);
    await eventually(async () => {
      const res = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(other.traceId)}`, { headers: bearer() });
      expect(res.status).toBe(404);
    });
  });
});
