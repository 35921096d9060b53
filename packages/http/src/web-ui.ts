import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/** Hashed file names change with their content: a client may keep them for a year. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: revalidate it on every load. */
export const PAGE_CACHE = 'no-cache';

/**
 * The page may load only its own scripts, styles and data (the API on the same origin), no
 * frames; styles set from script (charts) are CSSOM writes, which style-src does not cover.
 */
const PAGE_SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>spanhouse</title>
<p>The web UI has not been built. Run <code>pnpm --filter @spanhouse/web build</code>
(<code>pnpm start</code> builds it before starting), then reload.</p>`;

export type WebUiOptions = {
  /** The built single-page app: index.html and hashed files under assets/. */
  root: string;
  /** The app's own routes: index.html is sent for these, so deep links load the app. */
  isClientRoute: (path: string) => boolean;
};

/**
 * Serves the web UI beside the API. GET and HEAD only: `/assets/*` as files (gzip copies to
 * clients that accept them, cached for a year), the app's routes as index.html (revalidated).
 * Every other request goes on untouched, so API routes and the API's JSON 404 stay as they are
 * wherever this is mounted.
 */
export function webUi(opts: WebUiOptions): MiddlewareHandler {
  const indexFile = path.join(opts.root, 'index.html');
  // Made on first use: the app may be built after the server started (and serveStatic complains
  // at creation about a folder that does not exist yet).
  let files: { asset: MiddlewareHandler; page: MiddlewareHandler } | undefined;
  const serve = () =>
    (files ??= {
      asset: serveStatic({ root: opts.root, precompressed: true }),
      page: serveStatic({ root: opts.root, path: 'index.html', precompressed: true }),
    });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const p = c.req.path;
    const built = existsSync(indexFile);
    if (p.startsWith('/assets/')) {
      if (!built) return next();
      // serveStatic answers a Response when it found the file; otherwise it has called next().
      const res = await serve().asset(c, next);
      if (res instanceof Response) res.headers.set('Cache-Control', ASSET_CACHE);
      return res instanceof Response ? res : undefined;
    }
    if (!opts.isClientRoute(p)) return next();
    if (!built) return c.html(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    const res = await serve().page(c, next);
    if (!(res instanceof Response)) return undefined;
    res.headers.set('Cache-Control', PAGE_CACHE);
    for (const [k, v] of Object.entries(PAGE_SECURITY_HEADERS)) res.headers.set(k, v);
    return res;
  };
}

/** Where to open the UI; a wildcard host (0.0.0.0, ::) is shown as 127.0.0.1. */
export function webUiAddress(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

/** What an entry point that serves the UI prints once it listens. */
export function webUiBanner(host: string, port: number): string {
  return `\nweb UI: ${webUiAddress(host, port)} (sign in with API_BEARER_TOKEN, or PUBLIC_KEY and SECRET_KEY)\n\n`;
}
