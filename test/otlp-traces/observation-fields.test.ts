import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The observation fields a span's attributes and events fill, as the Langfuse read API shows them:
 * usage and cost details with every kind the sender gave, gen_ai.usage.* kinds beyond input and
 * output, model parameters, the version, the environment as Langfuse normalizes it, the older
 * GenAI content events, a tool call's arguments and result, OpenLLMetry's, MLflow's, Pipecat's and
 * Pydantic AI's input and output,
 * a streamed call's time to its first chunk. Sent by the real OpenTelemetry
 * protobuf exporter.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('otlp-observation-fields');
});
afterAll(() => server?.close());

const spanUuid = (hex: string) => {
  const h = `0000000000000000${hex}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Sends spans made by `record` through the protobuf exporter, answered once readable. */
async function send(
  resource: Record<string, string>,
  record: (tracer: ReturnType<BasicTracerProvider['getTracer']>) => Record<string, string>,
): Promise<Record<string, string>> {
  const exporter = new ProtobufExporter({
    url: `${server.baseUrl}/api/public/otel/v1/traces`,
    headers: { ...bearer(), ...WAIT_FOR_COMMIT },
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resource),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const ids = record(provider.getTracer('observation-fields'));
  await provider.forceFlush();
  await provider.shutdown();
  return ids;
}

/** The fields these tests read of an observation as GET /api/public/observations/{id} shows it. */
type Observation = Record<string, unknown> & {
  calculatedTotalCost: number;
  metadata: { attributes?: Record<string, unknown> };
};

async function observation(id: string): Promise<Observation> {
  const res = await fetch(`${server.baseUrl}/api/public/observations/${id}`, { headers: bearer() });
  expect(res.status).toBe(200);
  return (await res.json()) as Observation;
}

describe('observation fields from OTLP spans', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = await send(
      { 'service.name': 'fields', 'service.version': '2.4.1', 'deployment.environment': 'Staging' },
      (tracer) => {
        const details = tracer.startSpan('langfuse details', {
          attributes: {
            'langfuse.observation.type': 'generation',
            'langfuse.observation.model.name': 'gpt-4o',
            'langfuse.observation.usage_details': JSON.stringify({
              input: 80,
              output: 20,
              input_cached_tokens: 20,
              output_reasoning_tokens: 5,
            }),
            'langfuse.observation.cost_details': JSON.stringify({ input: 0.1, output: 0.2, input_cached_tokens: 0.01 }),
            'langfuse.version': 'v7',
            'langfuse.environment': 'Production',
          },
        });
        details.end();
        const genAi = tracer.startSpan('chat claude', {
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'gpt-4o-mini',
            'gen_ai.request.temperature': 0.2,
            'gen_ai.request.max_tokens': 256,
            'gen_ai.request.top_p': 0.9,
            'gen_ai.usage.input_tokens': 100,
            'gen_ai.usage.output_tokens': 40,
            'gen_ai.usage.cache_read.input_tokens': 30,
            'gen_ai.usage.cache_creation.input_tokens': 10,
            'gen_ai.usage.reasoning.output_tokens': 12,
            'gen_ai.usage.image_tokens': 7,
          },
        });
        genAi.addEvent('gen_ai.content.prompt', { 'gen_ai.prompt': JSON.stringify([{ role: 'user', content: 'hi' }]) });
        genAi.addEvent('gen_ai.content.completion', {
          'gen_ai.completion': JSON.stringify([{ role: 'assistant', content: 'hello' }]),
        });
        genAi.end();
        const openInference = tracer.startSpan('llm', {
          attributes: {
            'openinference.span.kind': 'LLM',
            'llm.model_name': 'gpt-4o',
            'llm.invocation_parameters': JSON.stringify({ temperature: 0.7, max_tokens: 64 }),
            'llm.token_count.prompt': 1000,
            'llm.token_count.completion': 100,
            'llm.token_count.total': 1100,
            'llm.token_count.prompt_details.cache_read': 600,
            'llm.token_count.completion_details.reasoning': 40,
          },
        });
        openInference.end();
        const tool = tracer.startSpan('execute_tool get_weather', {
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': 'get_weather',
            'gen_ai.tool.call.id': 'call_1',
            'gen_ai.tool.call.arguments': JSON.stringify({ location: 'Paris' }),
            'gen_ai.tool.call.result': JSON.stringify({ temperature: 20, conditions: 'sunny' }),
          },
        });
        tool.end();
        const retrieval = tracer.startSpan('retrieval kb-docs', {
          attributes: {
            'gen_ai.operation.name': 'retrieval',
            'gen_ai.data_source.id': 'kb-docs',
            'gen_ai.request.model': 'text-embedding-3-small',
            'gen_ai.retrieval.query.text': 'refund policy',
            'gen_ai.retrieval.documents': JSON.stringify([{ id: 'doc_1', score: 0.9 }]),
          },
        });
        retrieval.end();
        // Streamed calls: the time to the first chunk, as the Vercel AI SDK (ms) and the GenAI
        // conventions (seconds) give it, from a start of 2026-03-01T10:00:00Z.
        const streamStart: [number, number] = [1_772_359_200, 0];
        const vercelStream = tracer.startSpan('ai.streamText.doStream', {
          startTime: streamStart,
          attributes: {
            'ai.operationId': 'ai.streamText.doStream',
            'ai.model.id': 'gpt-4o',
            'ai.response.msToFirstChunk': 412.3,
          },
        });
        vercelStream.end([1_772_359_202, 0]);
        const vercelCached = tracer.startSpan('ai.generateText.doGenerate', {
          attributes: {
            'ai.operationId': 'ai.generateText.doGenerate',
            'ai.model.id': 'gpt-4o',
            'ai.usage.inputTokens': 1000,
            'ai.usage.outputTokens': 200,
            'ai.usage.totalTokens': 1200,
            'ai.usage.cachedInputTokens': 800,
            'ai.usage.reasoningTokens': 50,
          },
        });
        vercelCached.end();
        const genAiStream = tracer.startSpan('chat gpt-4o', {
          startTime: streamStart,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'gpt-4o',
            'gen_ai.request.stream': true,
            'gen_ai.response.time_to_first_chunk': 0.25,
          },
        });
        genAiStream.end([1_772_359_202, 0]);
        // OpenLLMetry's @task / @workflow decorators: the function's arguments and result.
        const task = tracer.startSpan('summarize.task', {
          attributes: {
            'traceloop.span.kind': 'task',
            'traceloop.entity.name': 'summarize',
            'traceloop.entity.input': JSON.stringify({ args: ['a long text'], kwargs: { words: 10 } }),
            'traceloop.entity.output': JSON.stringify('a short text'),
          },
        });
        task.end();
        // Other frameworks' input and output attributes, which Langfuse reads.
        const mlflow = tracer.startSpan('mlflow chain', {
          attributes: { 'mlflow.spanInputs': JSON.stringify({ question: 'why?' }), 'mlflow.spanOutputs': '"because"' },
        });
        mlflow.end();
        const pipecat = tracer.startSpan('pipecat tts', { attributes: { input: 'hello there', output: 'audio.wav' } });
        pipecat.end();
        const pydanticTool = tracer.startSpan('running tool', {
          attributes: {
            'gen_ai.tool.name': 'search',
            tool_arguments: JSON.stringify({ q: 'weather' }),
            tool_response: 'sunny',
          },
        });
        pydanticTool.end();
        return {
          retrieval: spanUuid(retrieval.spanContext().spanId),
          vercelCached: spanUuid(vercelCached.spanContext().spanId),
          mlflow: spanUuid(mlflow.spanContext().spanId),
          pipecat: spanUuid(pipecat.spanContext().spanId),
          pydanticTool: spanUuid(pydanticTool.spanContext().spanId),
          task: spanUuid(task.spanContext().spanId),
          vercelStream: spanUuid(vercelStream.spanContext().spanId),
          genAiStream: spanUuid(genAiStream.spanContext().spanId),
          details: spanUuid(details.spanContext().spanId),
          genAi: spanUuid(genAi.spanContext().spanId),
          openInference: spanUuid(openInference.spanContext().spanId),
          tool: spanUuid(tool.spanContext().spanId),
        };
      },
    );
  });

  it('langfuse usage_details and cost_details keep every kind; the total is their sum', async () => {
    const o = await observation(ids.details!);
    expect(o.usageDetails).toEqual({
      input: 80,
      output: 20,
      input_cached_tokens: 20,
      output_reasoning_tokens: 5,
      total: 125,
    });
    expect(o.costDetails).toMatchObject({ input: 0.1, output: 0.2, input_cached_tokens: 0.01 });
    expect(o.calculatedTotalCost).toBeCloseTo(0.31, 10);
  });

  it('the version: langfuse.version on the span, else the resource service.version', async () => {
    expect((await observation(ids.details!)).version).toBe('v7');
    expect((await observation(ids.genAi!)).version).toBe('2.4.1');
  });

  it('the environment is normalized as Langfuse does (span attribute, else resource)', async () => {
    expect((await observation(ids.details!)).environment).toBe('production');
    expect((await observation(ids.genAi!)).environment).toBe('staging');
  });

  it('gen_ai.usage.* cache and reasoning counts are broken out of input and output, each token counted once', async () => {
    // The conventions count cache reads and writes inside input_tokens and reasoning inside
    // output_tokens: they are broken out as Langfuse breaks them out; other kinds are as sent.
    const o = await observation(ids.genAi!);
    expect(o.usageDetails).toEqual({
      input: 60,
      output: 28,
      input_cached_tokens: 30,
      input_cache_creation: 10,
      output_reasoning_tokens: 12,
      image_tokens: 7,
      total: 147,
    });
    // Token counts (every kind containing input or output, as Langfuse's observation view and the
    // trace list count them) are the sender's input and output tokens.
    expect(o.usage).toMatchObject({ input: 100, output: 40, total: 147 });
    const list = await fetch(`${server.baseUrl}/api/public/traces?name=${encodeURIComponent('chat claude')}`, {
      headers: bearer(),
    });
    const [trace] = ((await list.json()) as { data: { usage: unknown }[] }).data;
    expect(trace?.usage).toEqual({ input: 100, output: 40, total: 147 });
    // gpt-4o-mini: $0.15 and $0.60 per million input and output tokens, $0.075 per cache read,
    // reasoning at the output price; cache writes and image tokens have no price for it.
    expect(o.calculatedTotalCost).toBeCloseTo((60 * 0.15 + 28 * 0.6 + 30 * 0.075 + 12 * 0.6) / 1e6, 12);
  });

  it('gen_ai.request.* and llm.invocation_parameters are the model parameters', async () => {
    const genAi = await observation(ids.genAi!);
    expect(genAi.modelParameters).toEqual({ temperature: 0.2, max_tokens: 256, top_p: 0.9 });
    expect(genAi.metadata.attributes?.['gen_ai.request.temperature']).toBeUndefined();
    const openInference = await observation(ids.openInference!);
    expect(openInference.modelParameters).toEqual({ temperature: 0.7, max_tokens: 64 });
  });

  it('OpenInference cache and reasoning counts are broken out of prompt and completion, as for gen_ai.usage', async () => {
    const o = await observation(ids.openInference!);
    expect(o.usageDetails).toEqual({
      input: 400,
      output: 60,
      total: 1100,
      input_cached_tokens: 600,
      output_reasoning_tokens: 40,
    });
    // gpt-4o: $2.50 and $10 per million input and output tokens, $1.25 per cache read, reasoning at the output price.
    expect(o.calculatedTotalCost).toBeCloseTo((400 * 2.5 + 60 * 10 + 600 * 1.25 + 40 * 10) / 1e6, 12);
  });

  it('Vercel AI SDK cached input and reasoning tokens are broken out of input and output, as Langfuse does', async () => {
    const o = await observation(ids.vercelCached!);
    expect(o.usageDetails).toEqual({
      input: 200,
      output: 150,
      total: 1200,
      input_cached_tokens: 800,
      output_reasoning_tokens: 50,
    });
    expect(o.metadata.attributes).toBeUndefined();
    // gpt-4o: $2.50 and $10 per million input and output tokens, $1.25 per cache read, reasoning at the output price.
    expect(o.calculatedTotalCost).toBeCloseTo((200 * 2.5 + 150 * 10 + 800 * 1.25 + 50 * 10) / 1e6, 12);
  });

  it('a retrieval span is a RETRIEVER whose input and output are the query and the documents', async () => {
    const o = await observation(ids.retrieval!);
    expect(o.type).toBe('RETRIEVER');
    expect(o.input).toBe('refund policy');
    expect(o.output).toEqual([{ id: 'doc_1', score: 0.9 }]);
    expect(o.metadata.attributes).toEqual({ 'gen_ai.data_source.id': 'kb-docs' });
  });

  it("an execute_tool span is a TOOL whose input and output are the call's arguments and result", async () => {
    const o = await observation(ids.tool!);
    expect(o.type).toBe('TOOL');
    expect(o.input).toEqual({ location: 'Paris' });
    expect(o.output).toEqual({ temperature: 20, conditions: 'sunny' });
    expect(o.metadata.attributes).toEqual({ 'gen_ai.tool.name': 'get_weather', 'gen_ai.tool.call.id': 'call_1' });
  });

  it("an OpenLLMetry task's traceloop.entity.input and .output are its input and output", async () => {
    const o = await observation(ids.task!);
    expect(o.input).toEqual({ args: ['a long text'], kwargs: { words: 10 } });
    expect(o.output).toBe('a short text');
    expect(o.metadata.attributes).toEqual({ 'traceloop.span.kind': 'task', 'traceloop.entity.name': 'summarize' });
  });

  it('MLflow, Pipecat and Pydantic AI input and output attributes are the input and output', async () => {
    const mlflow = await observation(ids.mlflow!);
    expect([mlflow.input, mlflow.output]).toEqual([{ question: 'why?' }, 'because']);
    const pipecat = await observation(ids.pipecat!);
    expect([pipecat.input, pipecat.output]).toEqual(['hello there', 'audio.wav']);
    expect(pipecat.metadata.attributes).toBeUndefined();
    const tool = await observation(ids.pydanticTool!);
    expect([tool.input, tool.output]).toEqual([{ q: 'weather' }, 'sunny']);
    expect(tool.metadata.attributes).toEqual({ 'gen_ai.tool.name': 'search' });
  });

  it('the time to the first chunk of a streamed call is its completion start and time to first token', async () => {
    const vercel = await observation(ids.vercelStream!);
    expect(vercel.completionStartTime).toBe('2026-03-01T10:00:00.413Z'); // ms rounded up, as Langfuse does
    expect(vercel.timeToFirstToken).toBeCloseTo(0.413, 6);
    expect(vercel.metadata.attributes?.['ai.response.msToFirstChunk']).toBeUndefined();
    const genAi = await observation(ids.genAiStream!);
    expect(genAi.completionStartTime).toBe('2026-03-01T10:00:00.250Z');
    expect(genAi.timeToFirstToken).toBeCloseTo(0.25, 6);
  });

  it('gen_ai.content.prompt and gen_ai.content.completion events are the input and output', async () => {
    const o = await observation(ids.genAi!);
    expect(o.input).toEqual([{ role: 'user', content: 'hi' }]);
    expect(o.output).toEqual([{ role: 'assistant', content: 'hello' }]);
    expect(o.events).toEqual([]);
  });
});
