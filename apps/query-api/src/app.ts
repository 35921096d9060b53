import type { BaseEnv } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { QueryDeps } from './deps.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { traceRoutes } from './routes/traces.ts';
import { usageRoutes } from './routes/usage.ts';

/** Adds every query route to an app made by createBaseApp. */
export function registerQueryRoutes(app: Hono<BaseEnv>, deps: QueryDeps): Hono<BaseEnv> {
  app.route('/', traceRoutes(deps));
  app.route('/', usageRoutes(deps));
  app.route('/', metricsRoutes(deps));
  return app;
}
