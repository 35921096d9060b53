import { admit, type Endpoint, projectOf, readBody } from '@spanhouse/http';
import { OtlpJsonResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { otlpEncoding } from '../otlp/content.ts';
import { exportResponse } from '../protobuf/partial-success.ts';
import { exportRows } from '../otlp-traces/export-rows.ts';
import { storeRows } from './log-refusals.ts';

const EXPORT = 'an OTLP ExportTraceServiceRequest (optionally with Content-Encoding: gzip)';

export const OTLP_TRACE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/otel/v1/traces',
    summary: 'OTLP/HTTP traces, protobuf or JSON; answered once durable, in the request encoding',
    tag: 'ingest',
    auth: 'bearer-or-basic',
    body: { other: { 'application/x-protobuf': EXPORT, 'application/json': `${EXPORT}, protobuf JSON mapping` } },
    responses: {
      200: {
        description: 'Durable (partially when some spans were unusable)',
        json: OtlpJsonResponse,
        other: { 'application/x-protobuf': 'an ExportTraceServiceResponse' },
      },
    },
  },
];

/**
 * POST /api/public/otel/v1/traces: OTLP/HTTP traces, protobuf or JSON, optionally gzip. 200 once
 * durable, answered in the request's encoding (an ExportTraceServiceResponse: empty, or with
 * partial_success when some spans were unusable). Errors use our JSON error body for every
 * encoding: exporters act on the status and Retry-After only.
 */
export function otlpTraceRoutes(deps: IngestDeps) {
  const { limits } = deps.config;
  return new Hono().post('/api/public/otel/v1/traces', admit(deps.admission, limits.bodyBytes), async (c) => {
    const encoding = otlpEncoding(c.req.header('content-type'));
    const body = await readBody(c, limits);
    const { rows, result } = exportRows(deps, projectOf(c), encoding, body);
    if (rows) await storeRows(c, deps, rows);
    if (encoding === 'protobuf') {
      c.header('Content-Type', 'application/x-protobuf');
      return c.body(exportResponse(result.rejected), 200);
    }
    if (!result.rejected) return c.json({});
    // Proto3 JSON writes int64 as a decimal string.
    const { count, message } = result.rejected;
    return c.json({ partialSuccess: { rejectedSpans: String(count), errorMessage: message } });
  });
}
