import { gzipSync } from 'node:zlib';
import { status } from '@grpc/grpc-js';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-metrics-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_FOR_COMMIT } from '../support/app.ts';
import { exportBytes, type GrpcTestServer, grpcMetadata, startGrpcTestServer } from '../support/grpc.ts';

/*
 * What one OTLP metrics request may become (docs/ingest.md#metric-limits): a histogram or summary
 * data point at most METRICS_HISTOGRAM_BUCKET_LIMIT buckets (160 by default), a request at most
 * METRICS_MAX_SAMPLES_PER_REQUEST samples and METRICS_MAX_SERIES_PER_REQUEST series (lowered here
 * to 1,000 and 500). A point that does not fit is refused in partial_success and the rest of the
 * request stored; a request of more data points than samples it may store is refused whole.
 */

const { ExportMetricsServiceRequest, ExportMetricsServiceResponse } = opentelemetry.proto.collector.metrics.v1;

let s: GrpcTestServer;
beforeAll(async () => {
  s = await startGrpcTestServer('otlp-request-limits', {
    METRICS_MAX_SAMPLES_PER_REQUEST: '1000',
    METRICS_MAX_SERIES_PER_REQUEST: '500',
  });
});
afterAll(() => s?.close());

const AT = Date.parse('2026-11-29T00:00:00.000Z');
const nanos = (ms = AT) => String(ms * 1e6);

type Metric = Record<string, unknown>;
const exportOf = (metrics: Metric[]) => ({ resourceMetrics: [{ scopeMetrics: [{ metrics }] }] });
const gauge = (name: string, points: { at?: number; value: number; id?: string }[]) => ({
  name,
  gauge: {
    dataPoints: points.map((p) => ({
      timeUnixNano: nanos(p.at),
      asDouble: p.value,
      attributes: p.id === undefined ? [] : [{ key: 'id', value: { stringValue: p.id } }],
    })),
  },
});

type ExportReply = {
  partialSuccess?: { rejectedDataPoints: string; errorMessage: string };
  code?: string;
  message?: string;
};
type Sample = { metric: Record<string, string>; value: [number, string] };

async function postJson(body: unknown): Promise<{ status: number; body: ExportReply }> {
  const res = await fetch(`${s.baseUrl}/api/public/otel/v1/metrics`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      Authorization: `Bearer ${s.credentials.bearerToken}`,
      'Content-Type': 'application/json',
      ...WAIT_FOR_COMMIT,
    },
  });
  return { status: res.status, body: (await res.json()) as ExportReply };
}

/** The protobuf bytes gzipped, as an exporter with compression sends them: status and JSON body. */
async function postGzippedProtobuf(bytes: Uint8Array): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${s.baseUrl}/api/public/otel/v1/metrics`, {
    method: 'POST',
    body: gzipSync(bytes),
    headers: {
      Authorization: `Bearer ${s.credentials.bearerToken}`,
      'Content-Type': 'application/x-protobuf',
      'Content-Encoding': 'gzip',
    },
  });
  return { status: res.status, body: await res.json() };
}

async function instant(query: string): Promise<Sample[]> {
  const params = new URLSearchParams({ query, time: String(AT / 1000 + 60) });
  const res = await fetch(`${s.baseUrl}/prometheus/api/v1/query?${params}`, {
    headers: { Authorization: `Bearer ${s.credentials.bearerToken}` },
  });
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status, JSON.stringify(body)).toBe('success');
  return body.data.result;
}
const seriesCount = async (selector: string) => Number((await instant(`count(${selector})`))[0]?.value[1] ?? 0);

it('a histogram with more explicit bounds or a summary with more quantiles than the limit is refused, the rest kept', async () => {
  const bounds = Array.from({ length: 500 }, (_, i) => i + 1);
  const res = await postJson(
    exportOf([
      {
        name: 'wide.histogram',
        histogram: {
          aggregationTemporality: 2,
          dataPoints: [
            {
              timeUnixNano: nanos(),
              count: '501',
              sum: 1,
              explicitBounds: bounds,
              bucketCounts: [...bounds, 0].map(() => '1'),
            },
          ],
        },
      },
      {
        name: 'wide.summary',
        summary: {
          dataPoints: [
            {
              timeUnixNano: nanos(),
              count: '1',
              sum: 1,
              quantileValues: Array.from({ length: 1000 }, (_, i) => ({ quantile: i / 1000, value: i })),
            },
          ],
        },
      },
      gauge('kept.gauge', [{ value: 7 }]),
    ]),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.partialSuccess?.rejectedDataPoints).toBe('2');
  expect(res.body.partialSuccess?.errorMessage).toMatch(
    /wide\.histogram: histogram with 500 explicit bounds, more than 160/,
  );
  expect(res.body.partialSuccess?.errorMessage).toMatch(/wide\.summary: summary with 1000 quantiles, more than 160/);
  expect(await seriesCount('{__name__=~"wide.*"}')).toBe(0);
  expect(await seriesCount('{__name__="kept.gauge"}')).toBe(1);
});

/** An exponential histogram point of `buckets` positive buckets (plus zero bucket, +Inf, _count, _sum). */
const expPoint = (id: string, buckets: number, at = AT) => ({
  timeUnixNano: nanos(at),
  attributes: [{ key: 'id', value: { stringValue: id } }],
  scale: 0,
  count: String(buckets),
  sum: buckets,
  zeroCount: '0',
  positive: { offset: 0, bucketCounts: Array(buckets).fill('1') },
});

describe('the samples and series of one request', () => {
  it('points past the series limit are refused in partial_success, the points before them stored whole', async () => {
    // Each point is 100 buckets + the zero bucket + +Inf + _count + _sum = 104 series: four fit in 500.
    const points = Array.from({ length: 7 }, (_, i) => expPoint(`p${i}`, 100));
    const res = await postJson(
      exportOf([{ name: 'many.series', exponentialHistogram: { aggregationTemporality: 2, dataPoints: points } }]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.partialSuccess?.rejectedDataPoints).toBe('3');
    expect(res.body.partialSuccess?.errorMessage).toMatch(
      /many\.series: past the request's limit of 500 series \(METRICS_MAX_SERIES_PER_REQUEST\); send smaller batches/,
    );
    const counts = await instant('{__name__="many.series_count"}');
    expect(counts.map((c) => [c.metric.id, c.value[1]]).sort()).toEqual(
      ['p0', 'p1', 'p2', 'p3'].map((id) => [id, '100']),
    );
    expect(await seriesCount('{__name__="many.series_bucket"}')).toBe(4 * 102);
  });

  it('points past the samples limit are refused, while points of series already written count only their samples', async () => {
    // One series, 104 samples a minute apart: nine fit in 1,000 samples, each within the 500 series.
    const points = Array.from({ length: 10 }, (_, i) => expPoint('same', 100, AT - (10 - i) * 60_000));
    const res = await postJson(
      exportOf([{ name: 'many.samples', exponentialHistogram: { aggregationTemporality: 2, dataPoints: points } }]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.partialSuccess?.rejectedDataPoints).toBe('1');
    expect(res.body.partialSuccess?.errorMessage).toMatch(
      /past the request's limit of 1000 samples \(METRICS_MAX_SAMPLES_PER_REQUEST\)/,
    );
    const stored = await instant('count_over_time({__name__="many.samples_count"}[15m])');
    expect(stored.map((c) => c.value[1])).toEqual(['9']);
  });

  const overHard = () =>
    exportOf([
      gauge(
        'too.many',
        Array.from({ length: 1001 }, (_, i) => ({ value: i, id: `g${i}` })),
      ),
    ]);

  it('over HTTP, a request of more data points than samples it may store is a 400, nothing of it stored', async () => {
    const res = await postJson(overHard());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message:
        'request holds 1001 data points, more than the 1000 samples one request may store (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches',
    });
    expect(await seriesCount('{__name__="too.many"}')).toBe(0);
  });

  it('over gRPC, the same request is INVALID_ARGUMENT, and a point past the limits is in partial_success', async () => {
    const refused = await exportBytes(
      s.grpcAddress,
      'metrics',
      ExportMetricsServiceRequest.encode(overHard() as never).finish(),
    );
    expect(refused.error?.code).toBe(status.INVALID_ARGUMENT);
    expect(refused.error?.details).toMatch(/request holds 1001 data points/);

    const points = Array.from({ length: 5 }, (_, i) => expPoint(`q${i}`, 100));
    const partial = await exportBytes(
      s.grpcAddress,
      'metrics',
      ExportMetricsServiceRequest.encode(
        exportOf([
          { name: 'grpc.series', exponentialHistogram: { aggregationTemporality: 2, dataPoints: points } },
        ]) as never,
      ).finish(),
      grpcMetadata({ 'spanhouse-wait': 'commit' }),
    );
    expect(partial.error).toBeUndefined();
    const reply = ExportMetricsServiceResponse.decode(partial.response!);
    expect(Number(reply.partialSuccess?.rejectedDataPoints)).toBe(1);
    expect(reply.partialSuccess?.errorMessage).toMatch(/past the request's limit of 500 series/);
    expect(await seriesCount('{__name__="grpc.series_count"}')).toBe(4);
  });

  it('a request of more bucket counts or exemplars than ten per sample is refused whole before it is decoded', async () => {
    // 10,001 bucket counts of 1 byte each, gzipped to a few dozen bytes: 10 × 1,000 samples allowed.
    const wide = exportOf([
      { name: 'too.wide', exponentialHistogram: { aggregationTemporality: 2, dataPoints: [expPoint('w', 10_001)] } },
    ]);
    const bytes = ExportMetricsServiceRequest.encode(wide as never).finish();
    const message =
      'request holds 10001 bucket counts, bounds, quantiles and exemplars, more than 10000 (10 times METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches';
    expect(await postGzippedProtobuf(bytes)).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', data: null, message },
    });
    expect((await postJson(wide)).body.message).toBe(message);
    const grpc = await exportBytes(s.grpcAddress, 'metrics', bytes);
    expect(grpc.error?.code).toBe(status.INVALID_ARGUMENT);
    expect(grpc.error?.details).toBe(message);
    expect(await seriesCount('{__name__=~"too.wide.*"}')).toBe(0);

    const exemplars = ExportMetricsServiceRequest.encode({
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'too.many.exemplars',
                  gauge: { dataPoints: [{ timeUnixNano: AT * 1e6, asDouble: 1, exemplars: Array(10_001).fill({}) }] },
                },
              ],
            },
          ],
        },
      ],
    }).finish();
    const refused = await exportBytes(s.grpcAddress, 'metrics', exemplars);
    expect(refused.error?.code).toBe(status.INVALID_ARGUMENT);
    expect(refused.error?.details).toMatch(/^request holds 10001 bucket counts, bounds, quantiles and exemplars/);
  });

  it('a protobuf request that would decode into more messages than 32 per sample is refused whole', async () => {
    // 40,000 empty attributes (2 bytes each) on one gauge point: past 32 × 1,000 sub-messages.
    const bytes = ExportMetricsServiceRequest.encode({
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'too.many.attributes',
                  gauge: { dataPoints: [{ timeUnixNano: AT * 1e6, asDouble: 1, attributes: Array(40_000).fill({}) }] },
                },
              ],
            },
          ],
        },
      ],
    }).finish();
    const message =
      'request holds more than 32000 messages (data points, attributes, exemplars, ...: 32 times METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches';
    expect(await postGzippedProtobuf(bytes)).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', data: null, message },
    });
    const grpc = await exportBytes(s.grpcAddress, 'metrics', bytes);
    expect(grpc.error?.code).toBe(status.INVALID_ARGUMENT);
    expect(grpc.error?.details).toBe(message);
    expect(await seriesCount('{__name__="too.many.attributes"}')).toBe(0);
  });
  it('an OTLP/JSON request of more values than 2 per message of that budget is refused whole before it is parsed', async () => {
    // One gauge point with 20,000 attributes of an empty value, each 4 values (its object, its
    // value's, the comma after its key and the one after it): past 2 × 32 × 1,000. It was stored
    // before, its JSON parsed whole.
    const attribute = '{"key":"k","value":{}}';
    const point = `{"timeUnixNano":"${nanos()}","asDouble":1,"attributes":[${`${attribute},`.repeat(19_999)}${attribute}]}`;
    const json = `{"resourceMetrics":[{"scopeMetrics":[{"metrics":[{"name":"too.many.json.values","gauge":{"dataPoints":[${point}]}}]}]}]}`;
    const res = await fetch(`${s.baseUrl}/api/public/otel/v1/metrics`, {
      method: 'POST',
      body: gzipSync(json),
      headers: {
        Authorization: `Bearer ${s.credentials.bearerToken}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        data: null,
        message:
          'request holds more than 64000 JSON values (objects, arrays, members and elements: 2 per protobuf message this endpoint decodes); send smaller batches',
      },
    });
    expect(await seriesCount('{__name__="too.many.json.values"}')).toBe(0);
  });
});
