import { type Endpoint, projectOf, queryObject, validate } from '@spanhouse/http';
import { MetricLabelsParams, MetricLabelsResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { metricLabels } from '../metric-labels/labels.ts';

export const METRIC_LABELS_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/metrics/labels',
    summary: "A metric's label keys and their most common values",
    tag: 'metrics',
    auth: 'bearer-or-basic',
    query: MetricLabelsParams,
    responses: { 200: { description: 'Keys sorted, values most common first', json: MetricLabelsResponse } },
  },
];

/** GET /api/public/metrics/labels?name=<metric>: label keys and their most common values. */
export function metricLabelRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics/labels', async (c) => {
    const { name } = validate(MetricLabelsParams, queryObject(c));
    return c.json(await metricLabels(deps.db, projectOf(c), name, c.req.raw.signal));
  });
}
