import { describe, expect, it } from 'vitest';
import { opentelemetry } from '../../proto/static/metrics.js';
import { decodeExportMetricsServiceRequest } from '../../src/otlp-metrics/generated/metrics-decode.ts';
import { prometheus } from '../../proto/static/remote.js';
import { decodeWriteRequest } from '../../src/remote-write/generated/remote-decode.ts';

const Request = opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
const long = (v: { low: number; high: number } | null) =>
  v === null ? null : (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0);

/** A uint64 as protobufjs takes it: two 32-bit halves. */
const toLong = (v: bigint) => ({ low: Number(v & 0xffffffffn) | 0, high: Number(v >> 32n) | 0, unsigned: true });

describe('the generated metrics decoders read what protobufjs writes', () => {
  const request = {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'api' } }] },
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'latency',
                histogram: {
                  aggregationTemporality: 2,
                  dataPoints: [
                    {
                      timeUnixNano: toLong(1_767_225_600_123_456_789n),
                      count: 9,
                      sum: 4.5,
                      bucketCounts: [1, 2, 3, 3],
                      explicitBounds: [0.1, 0.5, 1],
                      attributes: [{ key: 'route', value: { stringValue: '/a' } }],
                    },
                  ],
                },
              },
              {
                name: 'exp',
                exponentialHistogram: {
                  aggregationTemporality: 2,
                  dataPoints: [
                    {
                      scale: -2,
                      zeroCount: 1,
                      positive: { offset: -3, bucketCounts: [4, 0, 7] },
                      negative: { offset: 2, bucketCounts: [5] },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  };

  it('packed repeated numbers, sint32 offsets, optional doubles and fixed64 times (OTLP metrics)', () => {
    const bytes = Request.encode(request as never).finish();
    const got = decodeExportMetricsServiceRequest(bytes);
    const [hist, exp] = got.resourceMetrics[0]!.scopeMetrics[0]!.metrics;
    const p = hist!.histogram!.dataPoints[0]!;
    expect(long(p.timeUnixNano)).toBe(1_767_225_600_123_456_789n);
    expect(p.bucketCounts.map(long)).toEqual([1n, 2n, 3n, 3n]);
    expect(p.explicitBounds).toEqual([0.1, 0.5, 1]);
    expect([p.sum, long(p.count), p.attributes[0]!.key]).toEqual([4.5, 9n, 'route']);
    const e = exp!.exponentialHistogram!.dataPoints[0]!;
    expect([e.scale, e.positive!.offset, e.negative!.offset]).toEqual([-2, -3, 2]);
    expect(e.positive!.bucketCounts.map(long)).toEqual([4n, 0n, 7n]);
    expect(e.sum).toBeNull();
  });

  it('samples with int64 millisecond times, negative ones too (remote write)', () => {
    const bytes = prometheus.WriteRequest.encode({
      timeseries: [
        {
          labels: [{ name: '__name__', value: 'x' }],
          samples: [
            { value: 1.5, timestamp: 1_767_225_600_123 },
            { value: -2, timestamp: -5 },
          ],
        },
      ],
    }).finish();
    const got = decodeWriteRequest(bytes);
    expect(got.timeseries[0]!.samples).toEqual([
      { value: 1.5, timestamp: 1_767_225_600_123 },
      { value: -2, timestamp: -5 },
    ]);
  });
});
