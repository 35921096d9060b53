import { OTLPMetricExporter as HttpJsonExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import {
  AggregationType,
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const seen: { type: string; encoding: string }[] = [];
beforeAll(async () => {
  server = await startTestServer('otlp-metrics-exporters', {}, (req) => {
    if (new URL(req.url).pathname === '/api/public/otel/v1/metrics') {
      seen.push({ type: req.headers.get('content-type') ?? '', encoding: req.headers.get('content-encoding') ?? '' });
    }
  });
});
afterAll(() => server?.close());

type Sample = { metric: Record<string, string>; value: [number, string] };

async function instant(query: string, time = String(Date.now() / 1000)): Promise<Sample[]> {
  const res = await fetch(`${server.baseUrl}/prometheus/api/v1/query?${new URLSearchParams({ query, time })}`, {
    headers: { Authorization: `Bearer ${server.credentials.bearerToken}` },
  });
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status, JSON.stringify(body)).toBe('success');
  return body.data.result;
}

/** Records a counter, a gauge, an explicit and an exponential histogram, and exports them once. */
async function record(exporter: PushMetricExporter, prefix: string) {
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  const provider = new MeterProvider({
    readers: [reader],
    views: [{ instrumentName: `${prefix}.latency.exp`, aggregation: { type: AggregationType.EXPONENTIAL_HISTOGRAM } }],
  });
  const meter = provider.getMeter('spanhouse-test', '1.0.0');
  const tokens = meter.createCounter(`${prefix}.tokens`);
  tokens.add(120, { model: 'gpt-4o' });
  tokens.add(30, { model: 'gpt-4o' });
  tokens.add(7, { model: 'claude' });
  meter.createObservableGauge(`${prefix}.queue`).addCallback((r) => r.observe(4.5, { queue: 'a' }));
  const latency = meter.createHistogram(`${prefix}.latency`, { advice: { explicitBucketBoundaries: [0.1, 0.5, 1] } });
  for (const x of [0.05, 0.2, 0.3, 0.7, 2]) latency.record(x, { route: '/chat' });
  const exp = meter.createHistogram(`${prefix}.latency.exp`);
  for (const x of [1, 2, 3, 4, 100]) exp.record(x);
  await provider.forceFlush();
  await provider.shutdown();
}

const url = () => `${server.baseUrl}/api/public/otel/v1/metrics`;
const auth = () => ({ Authorization: `Bearer ${server.credentials.bearerToken}` });
/** The exporters' headers: answered once the points are readable, so the queries that follow see them. */
const exporterHeaders = () => ({ ...auth(), 'Spanhouse-Wait': 'commit' });

describe('the OpenTelemetry JS metric exporters', () => {
  for (const [kind, make] of [
    ['protobuf', () => new ProtobufExporter({ url: url(), headers: exporterHeaders(), compression: 'gzip' as never })],
    ['json', () => new HttpJsonExporter({ url: url(), headers: exporterHeaders() })],
  ] as const) {
    it(`${kind}: counters, gauges and histograms become series named as sent`, async () => {
      const prefix = `otel_${kind}`;
      await record(make(), prefix);
      const tokens = await instant(`{__name__="${prefix}.tokens"}`);
      expect(tokens.map((s) => [s.metric.model, s.value[1]]).sort()).toEqual([
        ['claude', '7'],
        ['gpt-4o', '150'],
      ]);
      // Resource attributes are labels too.
      expect(tokens[0]!.metric['service.name']).toMatch(/unknown_service/);
      expect(tokens[0]!.metric['telemetry.sdk.language']).toBe('nodejs');
      expect((await instant(`{__name__="${prefix}.queue"}`))[0]!.value[1]).toBe('4.5');
      const buckets = await instant(`{__name__="${prefix}.latency_bucket"}`);
      expect(buckets.map((s) => [s.metric.le, s.value[1]]).sort()).toEqual([
        ['+Inf', '5'],
        ['0.1', '1'],
        ['0.5', '3'],
        ['1', '4'],
      ]);
      expect((await instant(`{__name__="${prefix}.latency_count"}`))[0]!.value[1]).toBe('5');
      expect(Number((await instant(`{__name__="${prefix}.latency_sum"}`))[0]!.value[1])).toBeCloseTo(3.25, 10);
      const median = await instant(`histogram_quantile(0.5, {__name__="${prefix}.latency_bucket"})`);
      // Rank 2.5 of 5 lies in (0.1, 0.5], which holds observations 2 and 3: 0.1 + 0.4 * 1.5 / 2.
      expect(median[0]!.value[1]).toBe('0.4');
      // The exponential histogram's buckets bracket its values: the median (3) lies in (2.83, 3.08].
      const expMedian = Number(
        (await instant(`histogram_quantile(0.5, {__name__="${prefix}.latency.exp_bucket"})`))[0]!.value[1],
      );
      expect(expMedian).toBeGreaterThan(2.8);
      expect(expMedian).toBeLessThanOrEqual(3.1);
      expect((await instant(`{__name__="${prefix}.latency.exp_count"}`))[0]!.value[1]).toBe('5');
    });
  }

  it('the exporters sent what their names say', () => {
    expect(seen).toContainEqual({ type: 'application/x-protobuf', encoding: 'gzip' });
    expect(seen.some((s) => s.type.startsWith('application/json'))).toBe(true);
  });
});

describe('delta temporality and bad points', () => {
  const point = (extra: object) => ({
    timeUnixNano: String(Date.UTC(2026, 0, 1) * 1e6),
    asDouble: 3,
    ...extra,
  });
  const body = (metrics: object[]) => ({ resourceMetrics: [{ scopeMetrics: [{ metrics }] }] });
  const post = (b: object) =>
    fetch(url(), {
      method: 'POST',
      body: JSON.stringify(b),
      headers: { ...exporterHeaders(), 'Content-Type': 'application/json' },
    });

  it('refuses delta sums with a partial success naming the reason, and keeps the rest', async () => {
    const res = await post(
      body([
        { name: 'd_ok', gauge: { dataPoints: [point({})] } },
        { name: 'd_delta', sum: { aggregationTemporality: 1, isMonotonic: true, dataPoints: [point({}), point({})] } },
      ]),
    );
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { partialSuccess: { rejectedDataPoints: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedDataPoints).toBe('2');
    expect(reply.partialSuccess.errorMessage).toMatch(/d_delta: delta temporality is not supported/);
    expect(await instant('d_ok', String(Date.UTC(2026, 0, 1) / 1000))).toHaveLength(1);
  });

  it('names a rejected metric by the start of its name: the reply stays small however long the name', async () => {
    const long = `d_long_${'x'.repeat(1024 * 1024)}`;
    const points = [point({}), point({}), point({}), point({}), point({}), point({})];
    const partial = await post(
      body([
        { name: 'd_kept', gauge: { dataPoints: [point({})] } },
        { name: long, gauge: { dataPoints: points } },
      ]),
    );
    expect(partial.status).toBe(200);
    const text = await partial.text();
    expect(text.length).toBeLessThan(4096);
    const reply = JSON.parse(text) as { partialSuccess: { rejectedDataPoints: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedDataPoints).toBe('6');
    expect(reply.partialSuccess.errorMessage).toMatch(/d_long_x+…: name longer than 249 characters/);
    const refused = await post(body([{ name: long, gauge: { dataPoints: points } }]));
    expect(refused.status).toBe(400);
    const error = await refused.text();
    expect(error.length).toBeLessThan(4096);
    expect((JSON.parse(error) as { message: string }).message).toMatch(/name longer than 249 characters/);
  });

  it('an attribute value past 1024 characters (a long process.command_args) is cut, its points stored', async () => {
    // The resource of a JVM or Node process carries its command line, often past the label
    // value limit; every point of the process must not be refused for it.
    const classpath = Array.from({ length: 60 }, (_, i) => `/opt/app/lib/dependency-${i}.jar`).join(':');
    const args = ['-classpath', classpath, 'com.example.Main'];
    const res = await post({
      resourceMetrics: [
        {
          resource: {
            attributes: [
              { key: 'service.name', value: { stringValue: 'java-svc' } },
              {
                key: 'process.command_args',
                value: { arrayValue: { values: args.map((stringValue) => ({ stringValue })) } },
              },
            ],
          },
          scopeMetrics: [{ metrics: [{ name: 'd_jvm_memory', gauge: { dataPoints: [point({}), point({})] } }] }],
        },
      ],
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { partialSuccess: { rejectedDataPoints: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedDataPoints).toBe('0');
    expect(reply.partialSuccess.errorMessage).toMatch(
      /attribute values longer than 1024 characters cut to 1024 \(process\.command_args\)/,
    );
    const [sample] = await instant('d_jvm_memory', String(Date.UTC(2026, 0, 1) / 1000));
    expect(sample?.metric['service.name']).toBe('java-svc');
    expect(sample?.metric['process.command_args']).toBe(JSON.stringify(args).slice(0, 1024));
  });

  it('an attribute named __name__ is not a label: the metric name is the series name, as in Prometheus', async () => {
    const attributes = [
      { key: '__name__', value: { stringValue: 'd_other' } },
      { key: 'queue', value: { stringValue: 'a' } },
    ];
    const res = await post(body([{ name: 'd_named', gauge: { dataPoints: [point({ attributes })] } }]));
    expect(res.status).toBe(200);
    const time = String(Date.UTC(2026, 0, 1) / 1000);
    expect((await instant('d_named', time)).map((s) => s.metric)).toEqual([{ __name__: 'd_named', queue: 'a' }]);
    expect(await instant('{__name__="d_other"}', time)).toEqual([]);
    const native = await fetch(
      `${server.baseUrl}/api/public/metrics/query?${new URLSearchParams({
        name: 'd_named',
        from: new Date(Date.UTC(2026, 0, 1) - 60_000).toISOString(),
        to: new Date(Date.UTC(2026, 0, 1) + 60_000).toISOString(),
      })}`,
      { headers: auth() },
    );
    const series = ((await native.json()) as { data: { labels: Record<string, string> }[] }).data;
    expect(series.map((s) => s.labels)).toEqual([{ queue: 'a' }]);
  });

  it('answers 400 when no point is usable, and for bodies that are not OTLP', async () => {
    const onlyDelta = await post(
      body([
        { name: 'd_delta2', sum: { aggregationTemporality: 'AGGREGATION_TEMPORALITY_DELTA', dataPoints: [point({})] } },
      ]),
    );
    expect(onlyDelta.status).toBe(400);
    const garbage = await fetch(url(), {
      method: 'POST',
      body: Buffer.from([0xff, 0x01, 0x02]),
      headers: { ...auth(), 'Content-Type': 'application/x-protobuf' },
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { message: string }).message).toMatch(
      /not a protobuf ExportMetricsServiceRequest/,
    );
    const anonymous = await fetch(url(), {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });
});
