import type { Endpoint } from '@spanhouse/http';
import type { IngestDeps } from '../deps.ts';
import { metricsSignal } from '../otlp-export/signals.ts';
import { otlpExportRoute } from './otlp-export.ts';

const EXPORT = 'an OTLP ExportMetricsServiceRequest (optionally with Content-Encoding: gzip)';

export const OTLP_METRICS_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/otel/v1/metrics',
    summary: 'OTLP/HTTP metrics, protobuf or JSON; answered once durable, in the request encoding',
    tag: 'ingest',
    auth: 'bearer-or-basic',
    body: { other: { 'application/x-protobuf': EXPORT, 'application/json': `${EXPORT}, protobuf JSON mapping` } },
    responses: {
      200: {
        description: 'Durable (partially when some points were refused, e.g. delta temporality)',
        other: {
          'application/json': '{} or {"partialSuccess": {"rejectedDataPoints": "<count>", "errorMessage": "..."}}',
          'application/x-protobuf': 'an ExportMetricsServiceResponse',
        },
      },
    },
  },
];

/**
 * POST /api/public/otel/v1/metrics: OTLP/HTTP metrics (otlpExportRoute). The reply's
 * partial_success counts the points refused (delta temporality, no time, past the limits) with up
 * to five reasons; points present but none usable is a 400 (an empty export: 200).
 */
export function otlpMetricsRoutes(deps: IngestDeps) {
  return otlpExportRoute(deps, '/api/public/otel/v1/metrics', metricsSignal(deps));
}
