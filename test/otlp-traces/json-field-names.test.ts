import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * The protobuf JSON mapping lets a parser take a field under its lowerCamelCase name or its
 * original proto name (`start_time_unix_nano`), and OTLP/JSON senders that write the original names
 * exist (protobuf's own JSON printers with the option to keep proto names, hand-written payloads
 * copied from the .proto files). Such an export must be stored as its camelCase twin is, on every
 * signal, not acknowledged and dropped.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-json-field-names');
});
afterAll(() => t?.close());

const AT_NS = '1795910400000000000';
const AT_ISO = '2026-11-29T00:00:00.000Z';
const traceHex = '6b8efff798038103d269b633813fc60c';
const traceUuid = '6b8efff7-9803-8103-d269-b633813fc60c';

describe('OTLP/JSON with the original proto field names', () => {
  it('traces: spans, parents, times, status, events and attributes of every kind', async () => {
    const res = await t.post('/api/public/otel/v1/traces', {
      resource_spans: [
        {
          resource: { attributes: [{ key: 'deployment.environment.name', value: { string_value: 'staging' } }] },
          scope_spans: [
            {
              scope: { name: 'snake' },
              spans: [
                {
                  trace_id: traceHex,
                  span_id: 'aee19b7ec3c1b174',
                  name: 'root',
                  start_time_unix_nano: AT_NS,
                  end_time_unix_nano: '1795910402000000000',
                  status: { code: 2, message: 'boom' },
                  attributes: [
                    { key: 'gen_ai.request.model', value: { string_value: 'gpt-4o' } },
                    { key: 'gen_ai.usage.input_tokens', value: { int_value: '10' } },
                    { key: 'flag', value: { bool_value: true } },
                    { key: 'ratio', value: { double_value: 0.5 } },
                    { key: 'list', value: { array_value: { values: [{ string_value: 'a' }] } } },
                    { key: 'map', value: { kvlist_value: { values: [{ key: 'k', value: { string_value: 'v' } }] } } },
                    { key: 'raw', value: { bytes_value: 'aGk=' } },
                  ],
                  events: [{ name: 'step', time_unix_nano: '1795910401000000000' }],
                },
                {
                  trace_id: traceHex,
                  span_id: 'bee19b7ec3c1b174',
                  parent_span_id: 'aee19b7ec3c1b174',
                  name: 'child',
                  start_time_unix_nano: '1795910400500000000',
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    const trace = await t.get(`/api/public/traces/${traceUuid}`);
    expect(trace.status, JSON.stringify(trace.body)).toBe(200);
    expect(trace.body).toMatchObject({ name: 'root', environment: 'staging', timestamp: AT_ISO });
    const byName = (name: string) => trace.body.observations.find((o: { name: string }) => o.name === name);
    expect(byName('root')).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o',
      startTime: AT_ISO,
      endTime: '2026-11-29T00:00:02.000Z',
      level: 'ERROR',
      statusMessage: 'boom',
      usageDetails: { input: 10 },
      metadata: {
        attributes: { flag: true, ratio: 0.5, list: ['a'], map: { k: 'v' }, raw: 'aGk=' },
        scope: { name: 'snake' },
      },
    });
    expect(byName('root').events[0]).toMatchObject({ name: 'step', time: '2026-11-29T00:00:01.000000Z' });
    expect(byName('child')).toMatchObject({
      parentObservationId: '00000000-0000-0000-aee1-9b7ec3c1b174',
      startTime: '2026-11-29T00:00:00.500Z',
    });
  });

  it('logs: a record in a span’s context, with its event name and severity', async () => {
    const res = await t.post('/api/public/otel/v1/logs', {
      resource_logs: [
        {
          scope_logs: [
            {
              log_records: [
                {
                  time_unix_nano: '1795910403000000000',
                  severity_number: 17,
                  severity_text: 'ERROR',
                  event_name: 'tool.failed',
                  trace_id: traceHex,
                  span_id: 'aee19b7ec3c1b174',
                  body: { string_value: 'the tool failed' },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    const trace = await t.get(`/api/public/traces/${traceUuid}`);
    const event = trace.body.observations.find((o: { name: string }) => o.name === 'tool.failed');
    expect(event).toMatchObject({
      type: 'EVENT',
      startTime: '2026-11-29T00:00:03.000Z',
      level: 'ERROR',
      input: 'the tool failed',
      parentObservationId: '00000000-0000-0000-aee1-9b7ec3c1b174',
    });
  });

  it('metrics: cumulative sums and histograms', async () => {
    const res = await t.post('/api/public/otel/v1/metrics', {
      resource_metrics: [
        {
          resource: { attributes: [{ key: 'service.name', value: { string_value: 'snake' } }] },
          scope_metrics: [
            {
              metrics: [
                {
                  name: 'snake.requests',
                  sum: {
                    aggregation_temporality: 2,
                    is_monotonic: true,
                    data_points: [{ time_unix_nano: AT_NS, as_int: '42' }],
                  },
                },
                {
                  name: 'snake.latency',
                  histogram: {
                    aggregation_temporality: 2,
                    data_points: [
                      {
                        time_unix_nano: AT_NS,
                        count: '3',
                        sum: 1.5,
                        bucket_counts: ['1', '2'],
                        explicit_bounds: [0.5],
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    const query = async (q: string) => {
      const r = await t.get(
        `/prometheus/api/v1/query?${new URLSearchParams({ query: q, time: String(Date.parse(AT_ISO) / 1000) })}`,
      );
      expect(r.body.status, JSON.stringify(r.body)).toBe('success');
      return r.body.data.result.map((s: { metric: Record<string, string>; value: [number, string] }) => [
        s.metric['service.name'],
        s.metric.le ?? '',
        s.value[1],
      ]);
    };
    expect(await query('{__name__="snake.requests"}')).toEqual([['snake', '', '42']]);
    expect(await query('{__name__="snake.latency_bucket"}')).toEqual(
      expect.arrayContaining([
        ['snake', '0.5', '1'],
        ['snake', '+Inf', '3'],
      ]),
    );
  });
});
