import { admit, badRequest, type Endpoint, holdInflated, projectOf, readRawBody } from '@spanhouse/http';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import type { KnownSeries } from '../metrics/known-series.ts';
import { storeMetricPoints } from '../metrics/store.ts';
import { decodeRemoteWrite } from '../remote-write/decode.ts';
import { refuseOversized, remoteWritePoints } from '../remote-write/points.ts';
import { answeringForTheLog, storeOptions } from './log-refusals.ts';

export const REMOTE_WRITE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/prometheus/api/v1/write',
    summary: 'Prometheus remote write 1.0; answered 204 once durable (Spanhouse-Wait: commit: once readable)',
    tag: 'metrics',
    auth: 'bearer-or-basic',
    body: { other: { 'application/x-protobuf': 'a snappy-compressed (block format) Prometheus WriteRequest' } },
    responses: { 204: { description: 'Durable; with Spanhouse-Wait: commit, readable' } },
  },
];

/**
 * POST /prometheus/api/v1/write: Prometheus remote write 1.0 (a snappy-compressed protobuf
 * WriteRequest), from a Prometheus server or agent, Grafana Alloy, the OpenTelemetry Collector's
 * prometheusremotewrite exporter. 204 once every point is durable (in the log; readable within the
 * flush interval), or readable with `Spanhouse-Wait: commit` / `?wait=commit` (storeOptions), which
 * a Prometheus sender should not set: it sends one request per shard at a time, and each would
 * wait for an insert (docs/prometheus.md#remote-write). Senders retry 5xx and 429
 * and drop what got a 4xx, so data we will never take (not snappy, not a WriteRequest, a series
 * without a name) is a 400, and a saturated service or a full log a 429 with Retry-After.
 */
export function remoteWriteRoutes(deps: IngestDeps, known: KnownSeries) {
  const { limits } = deps.config;
  return new Hono().post('/prometheus/api/v1/write', admit(deps.admission, limits.bodyBytes), async (c) => {
    const encoding = (c.req.header('content-encoding') ?? 'snappy').trim().toLowerCase();
    if (encoding !== 'snappy') {
      throw badRequest(`Content-Encoding: '${encoding}' is not supported; remote write bodies are snappy`);
    }
    const body = await readRawBody(c, limits.bodyBytes);
    const { metricLimits } = deps.config;
    const request = decodeRemoteWrite(
      body,
      limits.decompressedBytes,
      (length) => holdInflated(c, body.length + length),
      (counts) => refuseOversized(counts, metricLimits),
    );
    const points = remoteWritePoints(request, known, projectOf(c), metricLimits);
    await answeringForTheLog(() => storeMetricPoints(deps, points, storeOptions(c)));
    return c.body(null, 204);
  });
}
