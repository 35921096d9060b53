import { LangfuseClient } from '@langfuse/client';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { propagateAttributes, setActiveTraceIO, startActiveObservation, startObservation } from '@langfuse/tracing';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, WAIT_FOR_COMMIT } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Trace fields as the Langfuse SDK sets them, whatever the order its spans are exported in (each
 * span exported as it ends here, so children come before their root). A child observation's
 * `version` (the span attribute langfuse.version) is that observation's: Langfuse gives it to the
 * trace only from a span that stands for the trace (its root) or updates it. And what the root only
 * implies (the trace name from its span name, the trace IO from its own IO) does not replace what a
 * span set explicitly (propagateAttributes' traceName, setActiveTraceIO), as in Langfuse.
 */

let server: TestServer;
let processor: LangfuseSpanProcessor;
let provider: NodeTracerProvider;
let client: LangfuseClient;

beforeAll(async () => {
  server = await startTestServer('langfuse-otel-trace-version');
  // Each span is exported as it ends: the child's export comes before its root's.
  processor = new LangfuseSpanProcessor({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
    exportMode: 'immediate',
  });
  provider = new NodeTracerProvider({ spanProcessors: [processor] });
  provider.register();
  client = new LangfuseClient({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
  });
});

afterAll(async () => {
  await provider?.shutdown();
  await server?.close();
});

const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The trace as @langfuse/client reads it once the trace rows of all its `count` spans are stored
 * (the list's observation ids are the trace rows'; an observation can be readable a moment before
 * the trace fields its export carried).
 */
async function traceWith(traceId: string, count: number) {
  const filter = JSON.stringify([{ type: 'string', column: 'id', operator: '=', value: traceUuid(traceId) }]);
  await eventually(async () => {
    const listed = await client.api.trace.list({ filter, fields: 'core,observations' });
    expect(listed.data[0]?.observations).toHaveLength(count);
  });
  return client.api.trace.get(traceId);
}

describe("a child observation's version", () => {
  it("stays the observation's: a root without a version leaves the trace without one", async () => {
    const ids = await startActiveObservation('app run', async (root) => {
      const generation = startObservation(
        'answer',
        { model: 'gpt-4o-mini', version: 'prompt-v7' },
        { asType: 'generation' },
      );
      generation.end();
      return { traceId: root.traceId };
    });
    await processor.forceFlush();
    const trace = await traceWith(ids.traceId, 2);
    expect(trace.version ?? null).toBeNull();
    expect(trace.observations.find((o) => o.name === 'answer')?.version).toBe('prompt-v7');
  });

  it("does not replace the root's version when it is exported after the root", async () => {
    const { traceId, generation } = await startActiveObservation('app run', async (root) => {
      root.update({ version: 'app-2.1' });
      const generation = startObservation(
        'answer',
        { model: 'gpt-4o-mini', version: 'prompt-v7' },
        { asType: 'generation' },
      );
      return { traceId: root.traceId, generation };
    });
    // The root has ended and been exported; the generation ends later, in an export of its own.
    await processor.forceFlush();
    generation.end();
    await processor.forceFlush();
    const trace = await traceWith(traceId, 2);
    expect(trace.version).toBe('app-2.1');
    expect(trace.observations.find((o) => o.name === 'answer')?.version).toBe('prompt-v7');
  });
});

describe('what the root implies does not replace what a span set, when the root is exported later', () => {
  it('the trace IO of setActiveTraceIO in a child stays, not the root span’s own IO', async () => {
    const traceId = await startActiveObservation('app run', async (root) => {
      root.update({ input: 'root input', output: 'root output' });
      await startActiveObservation('handler', async () => {
        setActiveTraceIO({ input: { question: 'why?' }, output: { answer: 'because' } });
      });
      await traceWith(root.traceId, 1); // the child is stored before the root ends and is sent
      return root.traceId;
    });
    await processor.forceFlush();
    const trace = await traceWith(traceId, 2);
    expect(trace.input).toEqual({ question: 'why?' });
    expect(trace.output).toEqual({ answer: 'because' });
  });

  it('the trace name propagated from a child stays, not the root span’s name', async () => {
    const traceId = await startActiveObservation('app run', async (root) => {
      await startActiveObservation('handler', async () => {
        await propagateAttributes({ traceName: 'checkout flow' }, async () => {
          startObservation('step').end();
        });
      });
      await traceWith(root.traceId, 2);
      return root.traceId;
    });
    await processor.forceFlush();
    const trace = await traceWith(traceId, 3);
    expect(trace.name).toBe('checkout flow');
  });

  it('of two spans that stand for the trace, the later-starting one names it, whichever is exported last', async () => {
    const traceHex = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const at = (s: number) => String(BigInt(Date.UTC(2026, 10, 1, 12, 0, s)) * 1_000_000n);
    // Two spans marked as the trace's root under a parent that was never exported (Langfuse's
    // as_root); the later-starting one is sent first.
    const rootSpan = (spanId: string, name: string, startS: number) => ({
      traceId: traceHex,
      spanId,
      parentSpanId: 'ffffffffffffffff',
      name,
      startTimeUnixNano: at(startS),
      endTimeUnixNano: at(startS + 1),
      attributes: [
        { key: 'langfuse.internal.as_root', value: { boolValue: true } },
        { key: 'langfuse.observation.input', value: { stringValue: JSON.stringify(`${name} input`) } },
      ],
    });
    for (const span of [rootSpan('0000000000000002', 'alpha', 10), rootSpan('0000000000000001', 'zulu', 0)]) {
      const res = await fetch(`${server.baseUrl}/api/public/otel/v1/traces`, {
        method: 'POST',
        headers: { ...basic(), ...WAIT_FOR_COMMIT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ scope: { name: 'langfuse-sdk' }, spans: [span] }] }] }),
      });
      expect(res.status).toBe(200);
    }
    const trace = await traceWith(traceHex, 2);
    expect(trace).toMatchObject({ name: 'alpha', input: 'alpha input' });
  });

  it('a root alone still names the trace and gives it its IO', async () => {
    const traceId = await startActiveObservation('lonely root', async (root) => {
      root.update({ input: 'in', output: 'out' });
      return root.traceId;
    });
    await processor.forceFlush();
    const trace = await traceWith(traceId, 1);
    expect(trace).toMatchObject({ name: 'lonely root', input: 'in', output: 'out' });
  });
});
