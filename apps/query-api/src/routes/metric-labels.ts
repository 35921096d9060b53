import { queryObject, validate } from '@spanhouse/http';
import { MetricLabelsParams } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { metricLabels } from '../metric-labels/labels.ts';

/** GET /api/public/metrics/labels?name=<metric>: label keys and their most common values. */
export function metricLabelRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics/labels', async (c) => {
    const { name } = validate(MetricLabelsParams, queryObject(c));
    return c.json(await metricLabels(deps.db, name, c.req.raw.signal));
  });
}
