import type { Endpoint } from '@spanhouse/http';
import { OtlpJsonResponse } from '@spanhouse/schema';
import type { IngestDeps } from '../deps.ts';
import { tracesSignal } from '../otlp-export/signals.ts';
import { otlpExportRoute } from './otlp-export.ts';

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
 * POST /api/public/otel/v1/traces: OTLP/HTTP traces (otlpExportRoute). The reply's partial_success
 * counts the spans that were unusable; spans present but none usable is a 400 (an empty export: 200).
 */
export function otlpTraceRoutes(deps: IngestDeps) {
  return otlpExportRoute(deps, '/api/public/otel/v1/traces', tracesSignal(deps));
}
