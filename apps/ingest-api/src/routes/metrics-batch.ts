import type { MetricLimits } from '@spanhouse/config';
import { admit, badRequest, bodyText, type Endpoint, projectOf, readBody } from '@spanhouse/http';
import { MetricsBatchRequest, MetricsBatchResponse } from '@spanhouse/schema';
import { encodeSamplesTsv, METRIC_SAMPLES_TSV_ENCODING } from '@spanhouse/store';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { parseMetricsBody } from '../metrics/body.ts';
import { decodeMetricsBatch } from '../metrics/decode.ts';
import type { KnownSeries } from '../metrics/known-series.ts';
import { buildMetricRows } from '../metrics/rows.ts';
import { type ScannedBatch, scanMetricsBatch } from '../metrics/scan.ts';
import { storeMetricPoints } from '../metrics/store.ts';
import { answeringForTheLog, storeOptions } from './log-refusals.ts';

export const METRICS_BATCH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/v1/metrics/batch',
    summary: 'Labelled metric points; answered once durable (Spanhouse-Wait: commit: once readable), all or none',
    tag: 'metrics',
    auth: 'bearer-or-basic',
    body: { json: MetricsBatchRequest },
    responses: { 200: { description: 'Durable', json: MetricsBatchResponse } },
  },
];

/**
 * POST /v1/metrics/batch: `{metrics: [point...]}`; 200 `{message, count}` once every point is
 * durable. A batch with any invalid point, or past the points or series one request may store
 * (MetricLimits), is refused whole (400 naming the point and field, or the setting).
 */
export function metricsBatchRoutes(deps: IngestDeps, known: KnownSeries) {
  const { limits } = deps.config;
  return new Hono().post('/v1/metrics/batch', admit(deps.admission, limits.bodyBytes), async (c) => {
    const body = await readBody(c, limits);
    if (body.length === 0) throw badRequest('request body is empty; expected JSON');
    const project = projectOf(c);
    const { metricLimits } = deps.config;
    const batch =
      scanMetricsBatch(body, known, project, metricLimits) ?? parsed(project, bodyText(body), known, metricLimits);
    await answeringForTheLog(() => storeMetricPoints(deps, batch, storeOptions(c)));
    const count = batch.samples.rows;
    return c.json({ message: `stored ${count} metric point${count === 1 ? '' : 's'}`, count });
  });
}

/** The general path: JSON.parse, the decode loop (or the schema's 400), then rows. */
function parsed(project: string, text: string, known: KnownSeries, limits: MetricLimits): ScannedBatch {
  const decoded = decodeMetricsBatch(parseMetricsBody(text, limits));
  const rows = buildMetricRows(project, decoded, known, limits);
  let minUs = Number.POSITIVE_INFINITY;
  for (const us of decoded.us) if (us < minUs) minUs = us;
  return {
    samples: {
      bytes: Buffer.from(encodeSamplesTsv(rows.samples)),
      rows: rows.samples.length,
      encoding: METRIC_SAMPLES_TSV_ENCODING,
    },
    series: rows.series,
    minUs,
    markStored: rows.markStored,
  };
}
