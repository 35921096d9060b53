import { context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect } from 'vitest';
import type { TestServer } from '../server.ts';

/** What the browser test looks for, as stored through the API. */
export type Seeded = {
  chatTraceId: string;
  generationId: string;
  /** The support chat's session: three traces, the earliest stored last (ingestion API). */
  sessionId: string;
  sessionTraceIds: string[];
  otlpTraceId: string;
  bigTraceId: string;
  bigCount: number;
  metric: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** POSTs `body` as the admin, answered once readable, and expects `status`. */
export async function post(server: TestServer, path: string, body: unknown, status = 200): Promise<void> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${server.credentials.bearerToken}`,
      'Content-Type': 'application/json',
      'Spanhouse-Wait': 'commit',
    },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
}

/**
 * A request as the admin (in `project` when given), answered once readable; expects a 2xx and
 * returns the JSON answer.
 */
export async function callAsAdmin(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  project?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.credentials.bearerToken}`,
      'Content-Type': 'application/json',
      'Spanhouse-Wait': 'commit',
      ...(project ? { 'Spanhouse-Project': project } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * Stores, through the public endpoints: two turns of a support chat in one session (batch; the
 * first with an OpenAI tool-calling conversation), its scores (POST /api/public/scores: one on the
 * trace, one on its generation), the session's greeting before them (Langfuse's ingestion API,
 * stored last), a trace from another user, a trace of 500 observations, an agent trace exported
 * by OpenTelemetry's protobuf exporter with GenAI messages, and labelled metric points over the
 * last 20 minutes.
 */
export async function seed(server: TestServer): Promise<Seeded> {
  const now = Date.now();
  const t0 = now - 10 * 60_000;
  const chatTraceId = 'e2e-chat-1';
  const generationId = 'e2e-chat-1-gen';
  const conversation = [
    { role: 'system', content: 'You answer questions about the weather. Be brief.' },
    { role: 'user', content: 'What is the weather in Paris today?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_7', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_7', content: '{"temperature_c":18,"sky":"clear"}' },
  ];
  await post(server, '/v1/l/batch', {
    trace: {
      id: chatTraceId,
      timestamp: iso(t0),
      name: 'support-chat',
      userId: 'user-e2e',
      session_id: 'sess-e2e',
      tags: ['e2e', 'prod'],
      environment: 'production',
      release: 'r-42',
      version: 'v3',
      input: { role: 'user', content: 'What is the weather in Paris today?' },
      output: { role: 'assistant', content: 'Clear and 18 °C in Paris.' },
      metadata: { tenant: 'acme' },
    },
    observations: [
      { id: 'e2e-chat-1-root', type: 'SPAN', name: 'handle-request', startTime: iso(t0), endTime: iso(t0 + 2500) },
      {
        id: generationId,
        type: 'GENERATION',
        name: 'chat-completion',
        model: 'gpt-4o',
        parentObservationId: 'e2e-chat-1-root',
        startTime: iso(t0 + 100),
        endTime: iso(t0 + 1900),
        input: conversation,
        output: { role: 'assistant', content: 'Clear and 18 °C in Paris.' },
        promptTokens: 1200,
        completionTokens: 300,
      },
      {
        id: 'e2e-chat-1-tool',
        type: 'TOOL',
        name: 'get_weather',
        parentObservationId: 'e2e-chat-1-root',
        startTime: iso(t0 + 1950),
        endTime: iso(t0 + 2400),
        input: { city: 'Paris' },
        output: { temperature_c: 18, sky: 'clear' },
      },
    ],
  });
  await post(server, '/v1/l/batch', {
    trace: {
      id: 'e2e-chat-2',
      timestamp: iso(t0 + 60_000),
      name: 'support-chat',
      userId: 'user-e2e',
      session_id: 'sess-e2e',
    },
    observations: [
      {
        id: 'e2e-chat-2-gen',
        type: 'GENERATION',
        name: 'chat-completion',
        model: 'gpt-4o',
        startTime: iso(t0 + 60_000),
        endTime: iso(t0 + 61_200),
        input: [{ role: 'user', content: 'And tomorrow?' }],
        output: { role: 'assistant', content: 'Rain is expected.' },
        promptTokens: 400,
        completionTokens: 20,
      },
    ],
  });
  await post(server, '/v1/l/batch', {
    trace: {
      id: 'e2e-summary',
      timestamp: iso(t0 + 120_000),
      name: 'summarize',
      userId: 'user-other',
      tags: ['batch'],
    },
    observations: [
      {
        id: 'e2e-summary-gen',
        type: 'GENERATION',
        name: 'summarize',
        model: 'claude-3-5-sonnet',
        startTime: iso(t0 + 120_000),
        endTime: iso(t0 + 124_000),
        input: { system: 'Summarize.', messages: [{ role: 'user', content: 'A long report…' }] },
        output: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'A short summary.' }] },
        promptTokens: 5000,
        completionTokens: 200,
      },
    ],
  });
  await post(server, '/api/public/scores', {
    traceId: chatTraceId,
    name: 'helpfulness',
    value: 0.9,
    comment: 'resolved',
  });
  await post(server, '/api/public/scores', {
    traceId: chatTraceId,
    observationId: generationId,
    name: 'grounded',
    value: 1,
    dataType: 'BOOLEAN',
  });
  const big = bigTrace(t0 + 180_000);
  await post(server, '/v1/l/batch', big.body);
  const otlpTraceId = await exportOtlpTrace(server, t0 + 240_000);
  const metric = 'llm.latency_ms';
  const points = [];
  for (let i = 0; i < 20; i++) {
    for (const [model, region, base] of [
      ['gpt-4o', 'eu', 800],
      ['gpt-4o', 'us', 700],
      ['claude-3-5-sonnet', 'eu', 1200],
    ] as const) {
      points.push({
        name: metric,
        labels: { model, region },
        value: base + i * 10,
        timestamp: iso(now - (20 - i) * 60_000),
      });
    }
  }
  await post(server, '/v1/metrics/batch', { metrics: points });
  // The session's first turn, stored last, through Langfuse's ingestion API (207 per event).
  const greeting = 'e2e-chat-greeting';
  const at = iso(t0 - 5 * 60_000);
  const body = { id: greeting, timestamp: at, name: 'greeting', sessionId: 'sess-e2e' };
  const io = {
    input: { role: 'user', content: 'Hello!' },
    output: { role: 'assistant', content: 'Hi, how can I help?' },
  };
  const event = { id: 'e2e-greeting', type: 'trace-create', timestamp: at, body: { ...body, ...io } };
  await post(server, '/api/public/ingestion', { batch: [event] }, 207);
  return {
    chatTraceId,
    generationId,
    sessionId: 'sess-e2e',
    sessionTraceIds: [greeting, chatTraceId, 'e2e-chat-2'],
    otlpTraceId,
    bigTraceId: big.id,
    bigCount: big.count,
    metric,
  };
}

/** One agent trace of 500 observations: a root, 20 steps, and leaves spread over the steps. */
function bigTrace(start: number) {
  const id = 'e2e-big';
  const count = 500;
  const observations: Record<string, unknown>[] = [
    { id: `${id}-root`, type: 'AGENT', name: 'research-agent', startTime: iso(start), endTime: iso(start + 60_000) },
  ];
  for (let s = 0; s < 20; s++) {
    observations.push({
      id: `${id}-step-${s}`,
      type: 'CHAIN',
      name: `step ${s}`,
      parentObservationId: `${id}-root`,
      startTime: iso(start + s * 3000),
      endTime: iso(start + s * 3000 + 2900),
    });
  }
  for (let i = 0; observations.length < count; i++) {
    const step = i % 20;
    const at = start + step * 3000 + Math.floor(i / 20) * 100;
    const generation = i % 3 === 0;
    observations.push({
      id: `${id}-leaf-${i}`,
      type: generation ? 'GENERATION' : 'TOOL',
      name: generation ? `llm ${i}` : `search ${i}`,
      model: generation ? 'gpt-4o-mini' : undefined,
      parentObservationId: `${id}-step-${step}`,
      startTime: iso(at),
      endTime: iso(at + 90),
      promptTokens: generation ? 100 : undefined,
      completionTokens: generation ? 10 : undefined,
    });
  }
  return {
    id,
    count,
    body: { trace: { id, timestamp: iso(start), name: 'research-agent', userId: 'user-agent' }, observations },
  };
}

/** An agent run recorded with the OpenTelemetry SDK and sent by its protobuf OTLP exporter. */
async function exportOtlpTrace(server: TestServer, startMs: number): Promise<string> {
  const exporter = new OTLPTraceExporter({
    url: `${server.baseUrl}/api/public/otel/v1/traces`,
    // Answered once readable, so the UI shows it at once.
    headers: { Authorization: `Bearer ${server.credentials.bearerToken}`, 'Spanhouse-Wait': 'commit' },
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'e2e-agent' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('e2e');
  const root = tracer.startSpan('otel-agent', {
    startTime: startMs,
    attributes: { 'langfuse.trace.name': 'otel-agent', 'user.id': 'user-otel', 'session.id': 'sess-otel' },
  });
  const llm = tracer.startSpan(
    'chat claude-3-5-haiku',
    {
      startTime: startMs + 50,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'claude-3-5-haiku',
        'gen_ai.usage.input_tokens': 90,
        'gen_ai.usage.output_tokens': 12,
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'Plan a trip to Oslo' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'Day 1: the fjord.' }], finish_reason: 'stop' },
        ]),
      },
    },
    trace.setSpan(context.active(), root),
  );
  llm.end(startMs + 900);
  root.end(startMs + 1000);
  await provider.forceFlush();
  await provider.shutdown();
  const hex = root.spanContext().traceId;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const stored = await fetch(`${server.baseUrl}/api/public/traces/${id}`, {
    headers: { Authorization: `Bearer ${server.credentials.bearerToken}` },
  });
  expect(stored.status, 'the OTLP export was stored').toBe(200);
  return id;
}
