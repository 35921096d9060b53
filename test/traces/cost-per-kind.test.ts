import { Metadata } from '@grpc/grpc-js';
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type SpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DailyResponse, IngestionResponse, TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { type GrpcTestServer, startGrpcTestServer } from '../support/grpc.ts';

/*
 * The computed cost of a generation whose usage is broken out into kinds (cache reads and writes
 * taken off input, reasoning tokens off output): every kind at its model's price for it, reasoning
 * tokens at the output price where the model has none of their own, as the providers bill them.
 * Sent through every ingest path (the Langfuse ingestion API, the batch JSON endpoint, OTLP over
 * HTTP and gRPC with the real exporters) and read back where a user reads a cost: the observation
 * views (v1 and v2), the trace and the daily report.
 */

let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('cost_per_kind');
});
afterAll(() => server?.close());

const PER_MILLION = 1e-6;
/** o4-mini's list prices: input $1.10, cached input $0.275, output $4.40 per million tokens. */
const O4_MINI = { input: 1.1, cached: 0.275, output: 4.4 };
/**
 * One call's tokens as OpenAI reports them: 1200 prompt tokens of which 1000 were cache reads, 500
 * completion tokens of which 320 were reasoning.
 */
const BROKEN_OUT = { input: 200, input_cached_tokens: 1000, output: 180, output_reasoning_tokens: 320 };
/** Its bill, by kind: reasoning tokens are billed as output tokens. */
const BILL = {
  input: 200 * O4_MINI.input * PER_MILLION,
  input_cached_tokens: 1000 * O4_MINI.cached * PER_MILLION,
  output: 180 * O4_MINI.output * PER_MILLION,
  output_reasoning_tokens: 320 * O4_MINI.output * PER_MILLION,
};

async function getJson(path: string): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: bearer() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function postJson(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...bearer(), ...WAIT_FOR_COMMIT, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

type ObservationCosts = {
  costDetails: Record<string, number>;
  calculatedInputCost: number | null;
  calculatedOutputCost: number | null;
  calculatedTotalCost: number;
};

/** Expects every place a user reads the cost of trace `traceId`'s one generation `id` to show the bill. */
async function expectBilled(traceId: string, id: string, date: string, bill: Record<string, number>) {
  const total = Object.values(bill).reduce((a, b) => a + b, 0);
  const close = (x: number | null | undefined, y: number) => expect(x).toBeCloseTo(y, 12);

  const o = (await getJson(`/api/public/observations/${id}`)) as ObservationCosts;
  expect(Object.keys(o.costDetails).sort()).toEqual([...Object.keys(bill), 'total'].sort());
  for (const [kind, usd] of Object.entries(bill)) close(o.costDetails[kind], usd);
  close(o.costDetails.total, total);
  // Langfuse's view: input cost is every kind containing "input", output every kind containing "output".
  const sum = (re: RegExp) =>
    Object.entries(bill)
      .filter(([k]) => re.test(k))
      .reduce((a, [, usd]) => a + usd, 0);
  close(o.calculatedInputCost, sum(/input/i));
  close(o.calculatedOutputCost, sum(/output/i));
  close(o.calculatedTotalCost, total);

  const v2 = (await getJson(`/api/public/v2/observations?traceId=${traceId}&fields=core,usage`)) as {
    data: { id: string; costDetails: Record<string, number>; totalCost: number }[];
  };
  const listed = v2.data.find((x) => x.id === id);
  expect(listed?.costDetails).toEqual(o.costDetails);
  close(listed?.totalCost, total);

  const trace = v.parse(TraceDetail, await getJson(`/api/public/traces/${traceId}`));
  close(trace.totalCost, total);
  const list = (await getJson(`/api/public/traces?fromTimestamp=${date}T00:00:00Z&toTimestamp=${date}T23:59:59Z`)) as {
    data: { id: string; totalCost: number }[];
  };
  close(list.data.find((t) => t.id === traceId)?.totalCost, total);

  const daily = v.parse(
    DailyResponse,
    await getJson(`/api/public/metrics/daily?fromTimestamp=${date}T00:00:00Z&toTimestamp=${date}T23:59:59Z&nocache=1`),
  );
  expect(daily.data.map((d) => d.date)).toEqual([date]);
  close(daily.data[0]!.totalCost, total);
  expect(daily.data[0]!.usage).toHaveLength(1);
  close(daily.data[0]!.usage[0]!.totalCost, total);
}

const ingestionEvent = (n: number, type: string, body: Record<string, unknown>, timestamp: string) => ({
  id: `cost-kind-ev-${n}`,
  type,
  timestamp,
  body,
});

async function ingest(batch: unknown[]) {
  const answer = v.parse(IngestionResponse, await postJson('/api/public/ingestion', { batch }));
  expect(answer.errors).toEqual([]);
}

const spanUuid = (hex: string) => {
  const h = `0000000000000000${hex}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** One chat span with `attributes` at `date` noon, exported by `exporter`: its trace and observation ids. */
async function exportSpan(exporter: SpanExporter, date: string, attributes: Record<string, string | number>) {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'cost-per-kind' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const start = new Date(`${date}T12:00:00Z`);
  const span = provider.getTracer('cost-per-kind').startSpan(`chat ${attributes['gen_ai.request.model']}`, {
    startTime: start,
    attributes: { 'gen_ai.operation.name': 'chat', ...attributes },
  });
  span.end(new Date(start.getTime() + 2000));
  await provider.forceFlush();
  await provider.shutdown();
  const { traceId, spanId } = span.spanContext();
  return { traceId: traceUuid(traceId), id: spanUuid(spanId) };
}

/** The GenAI conventions' attributes of the call BROKEN_OUT describes: cache reads inside input, reasoning inside output. */
const GEN_AI_USAGE = {
  'gen_ai.request.model': 'o4-mini',
  'gen_ai.usage.input_tokens': 1200,
  'gen_ai.usage.output_tokens': 500,
  'gen_ai.usage.cache_read.input_tokens': 1000,
  'gen_ai.usage.reasoning.output_tokens': 320,
};

describe('the cost of usage broken out into kinds', () => {
  it('Langfuse ingestion API: an o4-mini generation with OpenAI usage details is billed per kind', async () => {
    await ingest([
      ingestionEvent(1, 'trace-create', { id: 'cost-kinds-ingestion', name: 'reasoning' }, '2026-05-01T10:00:00.000Z'),
      ingestionEvent(
        2,
        'generation-create',
        {
          id: 'cost-kinds-ingestion-gen',
          traceId: 'cost-kinds-ingestion',
          model: 'o4-mini-2025-04-16',
          startTime: '2026-05-01T10:00:00.000Z',
          endTime: '2026-05-01T10:00:03.000Z',
          // OpenAI's usage object as the SDK's integration passes it: broken out as Langfuse does.
          usageDetails: {
            prompt_tokens: 1200,
            completion_tokens: 500,
            total_tokens: 1700,
            prompt_tokens_details: { cached_tokens: 1000 },
            completion_tokens_details: { reasoning_tokens: 320 },
          },
        },
        '2026-05-01T10:00:00.000Z',
      ),
    ]);
    await expectBilled('cost-kinds-ingestion', 'cost-kinds-ingestion-gen', '2026-05-01', BILL);
  });

  it('batch JSON endpoint: the same generation with its usage details is billed per kind', async () => {
    await postJson('/v1/l/batch', {
      trace: { id: 'cost-kinds-batch', name: 'reasoning', timestamp: '2026-05-02T10:00:00.000Z' },
      observations: [
        {
          id: 'cost-kinds-batch-gen',
          type: 'GENERATION',
          startTime: '2026-05-02T10:00:00.000Z',
          endTime: '2026-05-02T10:00:03.000Z',
          model: 'o4-mini',
          usageDetails: BROKEN_OUT,
        },
      ],
    });
    await expectBilled('cost-kinds-batch', 'cost-kinds-batch-gen', '2026-05-02', BILL);
    // Shown as every cost is: rounded to 12 significant digits, no binary floating point noise.
    const o = (await getJson('/api/public/observations/cost-kinds-batch-gen')) as ObservationCosts;
    expect(o.costDetails).toEqual({
      input: 0.00022,
      input_cached_tokens: 0.000275,
      output: 0.000792,
      output_reasoning_tokens: 0.001408,
      total: 0.002695,
    });
  });

  it('OTLP/HTTP: gen_ai.usage.* with cache reads and reasoning tokens is billed per kind', async () => {
    const exporter = new ProtobufExporter({
      url: `${server.baseUrl}/api/public/otel/v1/traces`,
      headers: { ...bearer(), ...WAIT_FOR_COMMIT },
    });
    const { traceId, id } = await exportSpan(exporter, '2026-05-03', GEN_AI_USAGE);
    await expectBilled(traceId, id, '2026-05-03', BILL);
  });

  it('OTLP/gRPC: the same span is billed the same', async () => {
    const metadata = new Metadata();
    metadata.set('authorization', bearer().Authorization);
    metadata.set('spanhouse-wait', 'commit');
    const exporter = new GrpcExporter({ url: `http://${server.grpcAddress}`, metadata });
    const { traceId, id } = await exportSpan(exporter, '2026-05-04', GEN_AI_USAGE);
    await expectBilled(traceId, id, '2026-05-04', BILL);
  });

  it('Anthropic cache reads and writes at their own prices (claude-sonnet-4-5: $0.30 and $3.75 per million)', async () => {
    const exporter = new ProtobufExporter({
      url: `${server.baseUrl}/api/public/otel/v1/traces`,
      headers: { ...bearer(), ...WAIT_FOR_COMMIT },
    });
    const { traceId, id } = await exportSpan(exporter, '2026-05-05', {
      'gen_ai.request.model': 'claude-sonnet-4-5-20250929',
      'gen_ai.usage.input_tokens': 4100,
      'gen_ai.usage.output_tokens': 250,
      'gen_ai.usage.cache_read.input_tokens': 3000,
      'gen_ai.usage.cache_creation.input_tokens': 1000,
    });
    await expectBilled(traceId, id, '2026-05-05', {
      input: 100 * 3 * PER_MILLION,
      input_cached_tokens: 3000 * 0.3 * PER_MILLION,
      input_cache_creation: 1000 * 3.75 * PER_MILLION,
      output: 250 * 15 * PER_MILLION,
    });
  });

  it('the observation lists filter by the input and output costs they show: every kind containing input or output', async () => {
    await postJson('/v1/l/batch', {
      trace: { id: 'cost-kinds-filter', name: 'reasoning', timestamp: '2026-05-08T10:00:00.000Z' },
      observations: [
        {
          id: 'cost-kinds-filter-gen',
          startTime: '2026-05-08T10:00:00.000Z',
          model: 'o4-mini',
          usageDetails: BROKEN_OUT,
        },
      ],
    });
    const filtered = async (column: string, operator: string, usd: number) => {
      const filter = encodeURIComponent(JSON.stringify([{ type: 'number', column, operator, value: usd }]));
      const ids: string[][] = [];
      for (const path of ['/api/public/observations', '/api/public/v2/observations']) {
        const body = (await getJson(`${path}?traceId=cost-kinds-filter&filter=${filter}`)) as {
          data: { id: string }[];
        };
        ids.push(body.data.map((o) => o.id));
      }
      return ids;
    };
    const shown = (await getJson('/api/public/observations/cost-kinds-filter-gen')) as ObservationCosts;
    const gen = ['cost-kinds-filter-gen'];
    // Shown: input $0.000495 (of which $0.000275 cached), output $0.0022 (of which $0.001408 reasoning).
    expect(shown.calculatedInputCost).toBeCloseTo(BILL.input + BILL.input_cached_tokens, 12);
    expect(await filtered('inputCost', '>', 0.0004)).toEqual([gen, gen]);
    expect(await filtered('inputCost', '<', 0.0004)).toEqual([[], []]);
    expect(await filtered('outputCost', '>', 0.002)).toEqual([gen, gen]);
    expect(await filtered('totalCost', '>', 0.0026)).toEqual([gen, gen]);
  });

  it('a cost the client sent wins over the computed one, sent before or after the usage', async () => {
    await ingest([
      ingestionEvent(3, 'trace-create', { id: 'cost-kinds-sent', name: 'sent' }, '2026-05-06T10:00:00.000Z'),
      ingestionEvent(
        4,
        'generation-create',
        {
          id: 'cost-kinds-sent-gen',
          traceId: 'cost-kinds-sent',
          startTime: '2026-05-06T10:00:00.000Z',
          costDetails: { input: 0.01, output: 0.02 },
        },
        '2026-05-06T10:00:00.000Z',
      ),
    ]);
    await ingest([
      ingestionEvent(
        5,
        'generation-update',
        {
          id: 'cost-kinds-sent-gen',
          traceId: 'cost-kinds-sent',
          model: 'o4-mini',
          endTime: '2026-05-06T10:00:02.000Z',
          usageDetails: BROKEN_OUT,
        },
        '2026-05-06T10:00:02.000Z',
      ),
    ]);
    await expectBilled('cost-kinds-sent', 'cost-kinds-sent-gen', '2026-05-06', { input: 0.01, output: 0.02 });
  });

  it('Langfuse ingestion API: the model in a create, the usage in a later request’s update (the legacy SDKs) is billed per kind', async () => {
    await ingest([
      ingestionEvent(9, 'trace-create', { id: 'cost-kinds-split', name: 'reasoning' }, '2026-05-09T10:00:00.000Z'),
      ingestionEvent(
        10,
        'generation-create',
        {
          id: 'cost-kinds-split-gen',
          traceId: 'cost-kinds-split',
          model: 'o4-mini',
          startTime: '2026-05-09T10:00:00.000Z',
        },
        '2026-05-09T10:00:00.000Z',
      ),
    ]);
    await ingest([
      ingestionEvent(
        11,
        'generation-update',
        // As the legacy SDKs end a generation: no traceId, no model.
        { id: 'cost-kinds-split-gen', endTime: '2026-05-09T10:00:03.000Z', usageDetails: BROKEN_OUT },
        '2026-05-09T10:00:03.000Z',
      ),
    ]);
    await expectBilled('cost-kinds-split', 'cost-kinds-split-gen', '2026-05-09', BILL);
  });

  it('a later piece with new usage and no model is priced from that usage, not the earlier piece’s cost', async () => {
    await ingest([
      ingestionEvent(6, 'trace-create', { id: 'cost-kinds-later', name: 'later' }, '2026-05-07T10:00:00.000Z'),
      ingestionEvent(
        7,
        'generation-create',
        {
          id: 'cost-kinds-later-gen',
          traceId: 'cost-kinds-later',
          model: 'o4-mini',
          startTime: '2026-05-07T10:00:00.000Z',
          usageDetails: BROKEN_OUT,
        },
        '2026-05-07T10:00:00.000Z',
      ),
    ]);
    await ingest([
      ingestionEvent(
        8,
        'generation-update',
        {
          id: 'cost-kinds-later-gen',
          traceId: 'cost-kinds-later',
          endTime: '2026-05-07T10:00:02.000Z',
          usageDetails: { input: 1000, output: 100 },
        },
        '2026-05-07T10:00:02.000Z',
      ),
    ]);
    // The stored model's prices on the usage that replaced the first.
    await expectBilled('cost-kinds-later', 'cost-kinds-later-gen', '2026-05-07', {
      input: 1000 * O4_MINI.input * PER_MILLION,
      output: 100 * O4_MINI.output * PER_MILLION,
    });
  });

  it('Langfuse ingestion API: a later update naming a new model with no usage prices the stored usage per kind at that model', async () => {
    await ingest([
      ingestionEvent(12, 'trace-create', { id: 'cost-kinds-model', name: 'later' }, '2026-05-10T10:00:00.000Z'),
      ingestionEvent(
        13,
        'generation-create',
        {
          id: 'cost-kinds-model-gen',
          traceId: 'cost-kinds-model',
          model: 'o4-mini',
          startTime: '2026-05-10T10:00:00.000Z',
          usageDetails: BROKEN_OUT,
        },
        '2026-05-10T10:00:00.000Z',
      ),
    ]);
    await ingest([
      ingestionEvent(
        14,
        'generation-update',
        { id: 'cost-kinds-model-gen', traceId: 'cost-kinds-model', model: 'gpt-4o' },
        '2026-05-10T10:00:02.000Z',
      ),
    ]);
    // As Langfuse merges the update into the stored observation and prices the result: the usage
    // the create brought, every kind at gpt-4o's price for it (input $2.50, cached input $1.25,
    // output $10 per million; reasoning tokens at the output price), not the cached and reasoning
    // tokens at nothing.
    await expectBilled('cost-kinds-model', 'cost-kinds-model-gen', '2026-05-10', {
      input: 200 * 2.5 * PER_MILLION,
      input_cached_tokens: 1000 * 1.25 * PER_MILLION,
      output: 180 * 10 * PER_MILLION,
      output_reasoning_tokens: 320 * 10 * PER_MILLION,
    });
  });
});
