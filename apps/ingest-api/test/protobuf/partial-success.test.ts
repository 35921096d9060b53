import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opentelemetry as metricsProto } from '../../proto/static/metrics.js';
import { opentelemetry as tracesProto } from '../../proto/static/otlp.js';
import { exportResponse } from '../../src/protobuf/partial-success.ts';

const { ExportTraceServiceResponse } = tracesProto.proto.collector.trace.v1;
const { ExportMetricsServiceResponse } = metricsProto.proto.collector.metrics.v1;

const bytes = (b: ArrayBuffer) => Buffer.from(new Uint8Array(b));

describe('the OTLP export replies, written without protobufjs', () => {
  it('are byte for byte what protobufjs encodes from the vendored .proto files, traces and metrics alike', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ count: fc.maxSafeNat(), message: fc.string({ unit: 'grapheme', maxLength: 300 }) })),
        (rejected) => {
          const ours = bytes(exportResponse(rejected ?? undefined));
          const trace = rejected
            ? { partialSuccess: { rejectedSpans: rejected.count, errorMessage: rejected.message } }
            : {};
          const metrics = rejected
            ? { partialSuccess: { rejectedDataPoints: rejected.count, errorMessage: rejected.message } }
            : {};
          expect(ours).toEqual(Buffer.from(ExportTraceServiceResponse.encode(trace).finish()));
          expect(ours).toEqual(Buffer.from(ExportMetricsServiceResponse.encode(metrics).finish()));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('read back as the count and the reason', () => {
    const decoded = ExportMetricsServiceResponse.decode(new Uint8Array(exportResponse({ count: 7, message: 'delta' })));
    expect(Number(decoded.partialSuccess?.rejectedDataPoints)).toBe(7);
    expect(decoded.partialSuccess?.errorMessage).toBe('delta');
  });
});
