import type { BaseEnv } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { QueryDeps } from './deps.ts';
import { dailyRoutes } from './routes/daily.ts';
import { langfuseReadRoutes } from './routes/langfuse-reads.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { scoreRoutes } from './routes/scores.ts';
import { traceRoutes } from './routes/traces.ts';

/** Adds every query route to an app made by createBaseApp. */
export function registerQueryRoutes(app: Hono<BaseEnv>, deps: QueryDeps): Hono<BaseEnv> {
  app.route('/', traceRoutes(deps));
  app.route('/', dailyRoutes(deps));
  app.route('/', metricsRoutes(deps));
  app.route('/', scoreRoutes(deps));
  app.route('/', langfuseReadRoutes(deps));
  return app;
}
