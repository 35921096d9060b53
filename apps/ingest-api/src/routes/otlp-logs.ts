import type { Endpoint } from '@spanhouse/http';
import type { IngestDeps } from '../deps.ts';
import { logsSignal } from '../otlp-export/signals.ts';
import { otlpExportRoute } from './otlp-export.ts';

const EXPORT = 'an OTLP ExportLogsServiceRequest (optionally with Content-Encoding: gzip)';

export const OTLP_LOGS_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/otel/v1/logs',
    summary:
      'OTLP/HTTP logs, protobuf or JSON: GenAI events fill their span’s input and output, other records in a trace become EVENT observations; answered once durable, in the request encoding',
    tag: 'ingest',
    auth: 'bearer-or-basic',
    body: { other: { 'application/x-protobuf': EXPORT, 'application/json': `${EXPORT}, protobuf JSON mapping` } },
    responses: {
      200: {
        description: 'Durable (partially when some records were refused, e.g. outside any trace)',
        other: {
          'application/json': '{} or {"partialSuccess": {"rejectedLogRecords": "<count>", "errorMessage": "..."}}',
          'application/x-protobuf': 'an ExportLogsServiceResponse',
        },
      },
    },
  },
];

/**
 * POST /api/public/otel/v1/logs: OTLP/HTTP logs (otlpExportRoute; the mapping: otlp-logs/map.ts).
 * The reply's partial_success counts the records that were not stored (no trace context,
 * malformed ids or times) with up to five reasons, also when that is every record.
 */
export function otlpLogsRoutes(deps: IngestDeps) {
  return otlpExportRoute(deps, '/api/public/otel/v1/logs', logsSignal(deps));
}
