import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * OTLP/JSON writes 64-bit integers as decimal strings, but the OTLP specification asks receivers to
 * take JSON numbers as well, which several senders write. A time past 2^53 is already rounded by
 * any JSON parser; it is taken as parsed. Traces, logs and metrics alike.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-json-integers');
});
afterAll(() => t?.close());

/** 2026-11-29T00:00:00Z in nanoseconds, as a JSON number (not exact in a double; rounds to the µs). */
const AT_NS = 1_795_910_400_000_000_000;
const AT_ISO = '2026-11-29T00:00:00.000Z';
const traceHex = '5b8efff798038103d269b633813fc60c';
const traceUuid = '5b8efff7-9803-8103-d269-b633813fc60c';

describe('64-bit integers as JSON numbers', () => {
  it('span and event times', async () => {
    const res = await t.post('/api/public/otel/v1/traces', {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: traceHex,
                  spanId: 'eee19b7ec3c1b174',
                  name: 'numbers',
                  startTimeUnixNano: AT_NS,
                  endTimeUnixNano: AT_NS + 2_000_000_000,
                  attributes: [{ key: 'gen_ai.usage.input_tokens', value: { intValue: 12 } }],
                  events: [{ name: 'step', timeUnixNano: AT_NS + 1_000_000_000 }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trace = await t.get(`/api/public/traces/${traceUuid}`);
    const span = trace.body.observations.find((o: { name: string }) => o.name === 'numbers');
    expect(span).toMatchObject({ startTime: AT_ISO, endTime: '2026-11-29T00:00:02.000Z', usageDetails: { input: 12 } });
    expect(span.events[0]).toMatchObject({ name: 'step', time: '2026-11-29T00:00:01.000000Z' });
  });

  it('log record times', async () => {
    const record = (body: string, timeUnixNano?: number) => ({
      traceId: traceHex,
      timeUnixNano,
      observedTimeUnixNano: AT_NS + 5_000_000_000,
      body: { stringValue: body },
    });
    const res = await t.post('/api/public/otel/v1/logs', {
      resourceLogs: [{ scopeLogs: [{ logRecords: [record('timed', AT_NS + 3_000_000_000), record('observed')] }] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trace = await t.get(`/api/public/traces/${traceUuid}`);
    const start = (name: string) => trace.body.observations.find((o: { name: string }) => o.name === name)?.startTime;
    expect(start('timed')).toBe('2026-11-29T00:00:03.000Z');
    expect(start('observed')).toBe('2026-11-29T00:00:05.000Z');
  });

  it('metric point times, integer values and histogram counts', async () => {
    const res = await t.post('/api/public/otel/v1/metrics', {
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'json.requests',
                  sum: {
                    aggregationTemporality: 2,
                    isMonotonic: true,
                    dataPoints: [{ startTimeUnixNano: AT_NS, timeUnixNano: AT_NS, asInt: 42 }],
                  },
                },
                {
                  name: 'json.latency',
                  histogram: {
                    aggregationTemporality: 2,
                    dataPoints: [
                      { timeUnixNano: AT_NS, count: 3, sum: 1.5, bucketCounts: [1, 2], explicitBounds: [0.5] },
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
    const query = async (q: string) => {
      const r = await t.get(
        `/prometheus/api/v1/query?${new URLSearchParams({ query: q, time: String(Date.parse(AT_ISO) / 1000) })}`,
      );
      expect(r.body.status, JSON.stringify(r.body)).toBe('success');
      return r.body.data.result.map((s: { metric: Record<string, string>; value: [number, string] }) => [
        s.metric.le ?? '',
        s.value[1],
      ]);
    };
    expect(await query('{__name__="json.requests"}')).toEqual([['', '42']]);
    expect(await query('{__name__="json.latency_count"}')).toEqual([['', '3']]);
    expect(await query('{__name__="json.latency_bucket"}')).toEqual(
      expect.arrayContaining([
        ['0.5', '1'],
        ['+Inf', '3'],
      ]),
    );
  });
});
