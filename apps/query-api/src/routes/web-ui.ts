import { type Endpoint, webUi } from '@spanhouse/http';
import { isClientRoute, WEB_DIST_DIR } from '@spanhouse/web';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';

export const WEB_UI_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/*',
    summary: "The web UI: its pages (index.html for the app's routes) and /assets/*",
    tag: 'web UI',
    auth: 'none',
    responses: { 200: { description: 'A page or an asset', other: { 'text/html': 'the single-page app' } } },
  },
];

/**
 * The web UI at `/`. It answers only its own routes and /assets/, passing everything else on, so
 * where it sits among the routes does not matter (docs/ui.md).
 */
export function webUiRoutes(deps: QueryDeps) {
  return new Hono().get('/*', webUi({ root: deps.webDir ?? WEB_DIST_DIR, isClientRoute }));
}
