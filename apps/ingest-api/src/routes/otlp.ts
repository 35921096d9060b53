import { type Endpoint, limitBody } from '@spanhouse/http';
import { OtlpJsonResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { readOtlpBody } from '../otlp/body.ts';
import { otlpEncoding } from '../otlp/content.ts';
import { encodeProtobufResponse } from '../otlp/decode-protobuf.ts';
import { ingestOtlpBody } from '../otlp/ingest.ts';
import { useTraceEncoders } from '../traces/encode.ts';

const EXPORT = 'an OTLP ExportTraceServiceRequest (optionally with Content-Encoding: gzip)';

export const OTLP_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/otel/v1/traces',
    summary: 'OTLP/HTTP traces, protobuf or JSON; answered once stored, in the request encoding',
    tag: 'ingest',
    auth: 'bearer-or-basic',
    body: { other: { 'application/x-protobuf': EXPORT, 'application/json': `${EXPORT}, protobuf JSON mapping` } },
    responses: {
      200: {
        description: 'Stored (partially when some spans were unusable)',
        json: OtlpJsonResponse,
        other: { 'application/x-protobuf': 'an ExportTraceServiceResponse' },
      },
    },
  },
];

/**
 * POST /api/public/otel/v1/traces: OTLP/HTTP traces, protobuf or JSON, optionally gzip. 200 once
 * stored, answered in the request's encoding (an ExportTraceServiceResponse: empty, or with
 * partial_success when some spans were unusable). Errors use our JSON error body for every
 * encoding: exporters act on the status and Retry-After only.
 */
export function otlpRoutes(deps: IngestDeps) {
  useTraceEncoders(deps.ingestor);
  return new Hono().post('/api/public/otel/v1/traces', limitBody(deps.config.limits.bodyBytes), async (c) => {
    const encoding = otlpEncoding(c.req.header('content-type'));
    const body = await readOtlpBody(c.req.raw, c.req.header('content-encoding'), deps.config.limits.decompressedBytes);
    const result = await ingestOtlpBody(deps, encoding, body);
    if (encoding === 'protobuf') {
      c.header('Content-Type', 'application/x-protobuf');
      return c.body(encodeProtobufResponse(result.rejected), 200);
    }
    if (!result.rejected) return c.json({});
    // Proto3 JSON writes int64 as a decimal string.
    const { count, message } = result.rejected;
    return c.json({ partialSuccess: { rejectedSpans: String(count), errorMessage: message } });
  });
}
