import { type BaseEnv, webUi } from '@spanhouse/http';
import { isClientRoute, WEB_DIST_DIR } from '@spanhouse/web';
import type { Hono } from 'hono';
import type { QueryDeps } from './deps.ts';
import { dailyRoutes } from './routes/daily.ts';
import { metricLabelRoutes } from './routes/metric-labels.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { prometheusRoutes } from './routes/prometheus.ts';
import { traceRoutes } from './routes/traces.ts';

/**
 * Adds every query route to an app made by createBaseApp, and the web UI at `/`. The UI answers
 * only its own routes and /assets/, passing everything else on, so where it sits among the
 * routes does not matter.
 */
export function registerQueryRoutes(app: Hono<BaseEnv>, deps: QueryDeps): Hono<BaseEnv> {
  app.route('/', traceRoutes(deps));
  app.route('/', dailyRoutes(deps));
  app.route('/', metricsRoutes(deps));
  app.route('/', metricLabelRoutes(deps));
  app.route('/', prometheusRoutes(deps));
  app.get('/*', webUi({ root: deps.webDir ?? WEB_DIST_DIR, isClientRoute }));
  return app;
}
