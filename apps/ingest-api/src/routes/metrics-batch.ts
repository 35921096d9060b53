import { TABLES } from '@spanhouse/db';
import { limitBody } from '@spanhouse/http';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { readMetricsBody } from '../metrics/body.ts';
import { decodeMetricsBatch } from '../metrics/decode.ts';
import { buildMetricRows, encodeSamplesTsv, SAMPLE_COLUMNS, type SampleRow } from '../metrics/rows.ts';
import { SeriesCache } from '../metrics/series-cache.ts';

/**
 * POST /v1/metrics/batch: `{metrics: [point...]}`; 200 `{message, count}` once every point is
 * committed. A batch with any invalid point is refused whole (400 naming the point and field).
 */
export function metricsBatchRoutes(deps: IngestDeps) {
  const cache = new SeriesCache();
  deps.ingestor.encodeWith(TABLES.metricSamples, {
    format: 'TabSeparated',
    columns: SAMPLE_COLUMNS,
    // The samples buffer only ever holds rows built by buildMetricRows.
    encode: (rows) => encodeSamplesTsv(rows as SampleRow[]),
  });
  return new Hono().post('/v1/metrics/batch', limitBody(deps.config.limits.bodyBytes), async (c) => {
    const batch = decodeMetricsBatch(await readMetricsBody(c));
    const rows = buildMetricRows(batch, cache);
    await deps.ingestor.submit({ [TABLES.metricSeries]: rows.series, [TABLES.metricSamples]: rows.samples });
    rows.markStored();
    const count = batch.points.length;
    return c.json({ message: `stored ${count} metric point${count === 1 ? '' : 's'}`, count });
  });
}
