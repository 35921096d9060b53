import { describe, expect, it } from 'vitest';
import { opentelemetry } from '../../proto/static/metrics.js';
import { countMetricsBytes, countMetricsRequest } from '../../src/otlp-metrics/counts.ts';
import { decodeExportMetricsServiceRequest } from '../../src/otlp-metrics/generated/metrics-decode.ts';

const Request = opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
const point = { timeUnixNano: 1, attributes: [{ key: 'k', value: { stringValue: 'v' } }] };

/** Every kind of data point, each kind in a metric of its own, in two resources. */
const request = {
  resourceMetrics: [
    {
      scopeMetrics: [
        {
          metrics: [
            {
              name: 'g',
              gauge: {
                dataPoints: [
                  { ...point, asDouble: 1, exemplars: [{}, { asDouble: 1 }] },
                  { ...point, asInt: 300 },
                ],
              },
            },
            { name: 's', sum: { aggregationTemporality: 2, dataPoints: [{ ...point, asDouble: 2 }] } },
            {
              name: 'h',
              histogram: {
                aggregationTemporality: 2,
                dataPoints: [{ ...point, count: 3, explicitBounds: [1, 2], bucketCounts: [1, 1, 1], exemplars: [{}] }],
              },
            },
          ],
        },
      ],
    },
    {
      scopeMetrics: [
        {
          metrics: [
            {
              name: 'e',
              exponentialHistogram: {
                aggregationTemporality: 2,
                dataPoints: [
                  {
                    ...point,
                    scale: 3,
                    // Varints of 1, 2 and 3 bytes.
                    positive: { offset: -2, bucketCounts: [1, 300, 70_000, 0] },
                    negative: { offset: 0, bucketCounts: [5] },
                  },
                ],
              },
            },
            {
              name: 'q',
              summary: {
                dataPoints: [
                  {
                    ...point,
                    quantileValues: [
                      { quantile: 0.5, value: 1 },
                      { quantile: 1, value: 2 },
                    ],
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

describe('countMetricsBytes', () => {
  it('counts on the bytes what the decoder makes: data points, and bucket counts, bounds and quantiles', () => {
    const bytes = Buffer.from(Request.encode(request).finish());
    const counts = countMetricsBytes(bytes);
    expect(counts).toEqual(countMetricsRequest(decodeExportMetricsServiceRequest(bytes)));
    // 2 gauges (2 exemplars), 1 sum, 1 histogram (2 bounds + 3 counts + 1 exemplar), 1 exponential
    // (5 buckets), 1 summary (2 quantiles).
    expect(counts).toEqual({ points: 6, values: 15 });
  });

  it('gives up on bytes that are not a request, for the decoder to refuse', () => {
    const bytes = Buffer.from(Request.encode(request).finish());
    expect(countMetricsBytes(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
    expect(countMetricsBytes(Buffer.from([0x0a, 0xff, 0x01]))).toBeUndefined();
  });
});
