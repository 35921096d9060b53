import { TABLES } from '@spanhouse/db';
import { type Endpoint, limitBody } from '@spanhouse/http';
import { MetricsBatchRequest, MetricsBatchResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { metricsText, parseMetricsBody, readMetricsBody } from '../metrics/body.ts';
import { decodeMetricsBatch } from '../metrics/decode.ts';
import { KnownSeries } from '../metrics/known-series.ts';
import { buildMetricRows, encodeSamplesTsv, SAMPLE_COLUMNS, type SampleChunk } from '../metrics/rows.ts';
import { type ScannedBatch, scanMetricsBatch } from '../metrics/scan.ts';

export const METRICS_BATCH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/v1/metrics/batch',
    summary: 'Labelled metric points; answered once committed, all or none',
    tag: 'metrics',
    auth: 'bearer',
    body: { json: MetricsBatchRequest },
    responses: { 200: { description: 'Stored', json: MetricsBatchResponse } },
  },
];

/**
 * POST /v1/metrics/batch: `{metrics: [point...]}`; 200 `{message, count}` once every point is
 * committed. A batch with any invalid point is refused whole (400 naming the point and field).
 */
export function metricsBatchRoutes(deps: IngestDeps) {
  const known = new KnownSeries();
  deps.ingestor.encodeWith(TABLES.metricSamples, {
    format: 'TabSeparated',
    columns: SAMPLE_COLUMNS,
    // The samples buffer holds one pre-encoded chunk per request (see SampleChunk).
    encode: (chunks) => Buffer.concat((chunks as SampleChunk[]).map((c) => c.bytes)),
    countOf: (chunk) => (chunk as SampleChunk).rows,
  });
  return new Hono().post('/v1/metrics/batch', limitBody(deps.config.limits.bodyBytes), async (c) => {
    const body = await readMetricsBody(c);
    const batch = scanMetricsBatch(body, known) ?? parsed(metricsText(body), known);
    await deps.ingestor.submit({
      [TABLES.metricSeries]: batch.series,
      [TABLES.metricSamples]: batch.samples.rows > 0 ? [batch.samples] : [],
    });
    batch.markStored();
    const count = batch.samples.rows;
    return c.json({ message: `stored ${count} metric point${count === 1 ? '' : 's'}`, count });
  });
}

/** The general path: JSON.parse, the decode loop (or the schema's 400), then rows. */
function parsed(text: string, known: KnownSeries): ScannedBatch {
  const rows = buildMetricRows(decodeMetricsBatch(parseMetricsBody(text)), known);
  return {
    samples: { bytes: Buffer.from(encodeSamplesTsv(rows.samples)), rows: rows.samples.length },
    series: rows.series,
    markStored: rows.markStored,
  };
}
