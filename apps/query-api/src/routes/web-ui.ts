import { type Endpoint, webUi } from '@spanhouse/http';
import { isClientRoute, WEB_DIST_DIR } from '@spanhouse/web';
import { Hono } from 'hono';
import * as v from 'valibot';
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
  {
    method: 'get',
    path: '/project/:projectId/traces/:traceId',
    summary:
      "A trace's `htmlPath` (Langfuse's form of a trace's page): redirects to the web UI's page of the trace in that project",
    tag: 'web UI',
    auth: 'none',
    params: { projectId: v.string(), traceId: v.string() },
    responses: { 302: { description: "To the trace's page" } },
  },
];

/**
 * The web UI at `/`. It answers only its own routes and /assets/, passing everything else on, so
 * where it sits among the routes does not matter (docs/ui.md).
 */
export function webUiRoutes(deps: QueryDeps) {
  return (
    new Hono()
      // The answers' htmlPath names a trace's page as Langfuse's UI does, project first; the UI
      // names the project in its query (the page needs a sign-in of its own either way).
      .get('/project/:projectId/traces/:traceId', (c) =>
        c.redirect(
          `/traces/${encodeURIComponent(c.req.param('traceId'))}?project=${encodeURIComponent(c.req.param('projectId'))}`,
          302,
        ),
      )
      .get('/*', webUi({ root: deps.webDir ?? WEB_DIST_DIR, isClientRoute }))
  );
}
