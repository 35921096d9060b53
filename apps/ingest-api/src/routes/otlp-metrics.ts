import { admit, badRequest, type Endpoint, projectOf, readBody } from '@spanhouse/http';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import type { KnownSeries } from '../metrics/known-series.ts';
import { storeMetricPoints } from '../metrics/store.ts';
import { otlpEncoding } from '../otlp/content.ts';
import { rejectionMessage } from '../otlp/rejections.ts';
import { decodeMetricsRequest } from '../otlp-metrics/decode.ts';
import { exportResponse } from '../protobuf/partial-success.ts';
import { mapMetricsExport } from '../otlp-metrics/map.ts';
import { answeringForTheLog, storeOptions } from './log-refusals.ts';

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
 * POST /api/public/otel/v1/metrics: OTLP/HTTP metrics, protobuf or JSON, optionally gzip (the body
 * handling of the trace endpoint). 200 once durable, in the request's encoding: an empty
 * ExportMetricsServiceResponse, or partial_success counting the points refused (delta
 * temporality, no time, past the limits) with up to five reasons. No usable point: 400.
 */
export function otlpMetricsRoutes(deps: IngestDeps, known: KnownSeries) {
  const { limits } = deps.config;
  return new Hono().post('/api/public/otel/v1/metrics', admit(deps.admission, limits.bodyBytes), async (c) => {
    const encoding = otlpEncoding(c.req.header('content-type'));
    const body = await readBody(c, limits);
    const mapped = mapMetricsExport(decodeMetricsRequest(encoding, body), known, projectOf(c));
    const rejected =
      mapped.rejected.length > 0
        ? { count: mapped.rejected.length, message: rejectionMessage(mapped.rejected, 'data point') }
        : undefined;
    if (mapped.accepted === 0 && rejected) throw badRequest(rejected.message);
    await answeringForTheLog(() => storeMetricPoints(deps, mapped.points, storeOptions(c)));
    if (encoding === 'protobuf') {
      c.header('Content-Type', 'application/x-protobuf');
      return c.body(exportResponse(rejected), 200);
    }
    if (!rejected) return c.json({});
    return c.json({ partialSuccess: { rejectedDataPoints: String(rejected.count), errorMessage: rejected.message } });
  });
}
