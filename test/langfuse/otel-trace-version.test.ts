import { LangfuseClient } from '@langfuse/client';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { startActiveObservation, startObservation } from '@langfuse/tracing';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The Langfuse SDK's `version` on an observation (the span attribute langfuse.version) is that
 * observation's version. Langfuse gives it to the trace only from a span that stands for the trace
 * (its root) or that updates the trace (trace name, user, session, tags, metadata, IO): a child
 * generation's version does not become the trace's, whichever export it arrives in.
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

/** The trace as @langfuse/client reads it once every one of its `count` observations is stored. */
async function traceWith(traceId: string, count: number) {
  return eventually(async () => {
    const trace = await client.api.trace.get(traceId);
    expect(trace.observations).toHaveLength(count);
    return trace;
  });
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
