import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createBaseApp } from '../src/base-app.ts';
import { createLogger } from '../src/logging.ts';
import { ASSET_CACHE, PAGE_CACHE, webUi, webUiAddress } from '../src/web-ui.ts';
import { bearerOnly } from './bearer-only.ts';

const authenticate = bearerOnly('tok');
const INDEX = '<!doctype html><title>app</title><div id="app"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A built app in a temporary folder: index.html and one hashed script with its gzip copy. */
function builtApp(opts: { built?: boolean } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'spanhouse-web-'));
  dirs.push(root);
  if (opts.built !== false) {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    writeFileSync(path.join(root, 'assets/app-4f2a9c.js'), SCRIPT);
    writeFileSync(path.join(root, 'assets/app-4f2a9c.js.gz'), gzipSync(SCRIPT));
  }
  const app = createBaseApp({ logger: createLogger('silent'), authenticate });
  app.get('/api/public/things', (c) => c.json({ data: [] }));
  app.get('/*', webUi({ root, isClientRoute: (p) => p === '/' || p.startsWith('/traces') }));
  return app;
}

const auth = { Authorization: 'Bearer tok' };

describe('webUi', () => {
  const app = builtApp();

  it('answers the app routes, deep links included, with index.html, revalidated, and a strict CSP', async () => {
    for (const url of ['/', '/traces', '/traces/abc-123?observation=o1']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe(PAGE_CACHE);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.request('/assets/app-4f2a9c.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe(ASSET_CACHE);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts gzip', async () => {
    const res = await app.request('/assets/app-4f2a9c.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('cache-control')).toBe(ASSET_CACHE);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await app.request('/traces', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(await res.text()).toBe('');
  });

  it('leaves the API alone: routes answer, unknown API paths get the JSON 404', async () => {
    expect(await (await app.request('/api/public/things', { headers: auth })).json()).toEqual({ data: [] });
    expect((await app.request('/healthz')).headers.get('content-type')).toMatch(/json/);
    for (const url of ['/api/unknown', '/api/public/unknown', '/v2/things', '/no-such-page']) {
      const res = await app.request(url, { headers: auth });
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: `no route for GET ${url}`, code: 'NOT_FOUND', data: null });
    }
  });

  it('keeps auth in front of the API: no credentials on an API path is a 401, not the page', async () => {
    const res = await app.request('/api/public/unknown');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('answers a missing asset, a path escape and other methods with the JSON 404, never the page', async () => {
    for (const [url, method] of [
      ['/assets/missing-123.js', 'GET'],
      ['/assets/%2e%2e/index.html', 'GET'],
      ['/traces', 'POST'],
    ] as const) {
      const res = await app.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('says how to build the UI when it has not been built, and still 404s unknown assets', async () => {
    const bare = builtApp({ built: false });
    const res = await bare.request('/traces');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('pnpm --filter @spanhouse/web build');
    expect((await bare.request('/assets/app-4f2a9c.js')).status).toBe(404);
  });
});

describe('webUiAddress', () => {
  it('names a URL a browser on this machine can open', () => {
    expect(webUiAddress('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000/');
    expect(webUiAddress('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080/');
    expect(webUiAddress('::', 8080)).toBe('http://127.0.0.1:8080/');
    expect(webUiAddress('::1', 3000)).toBe('http://[::1]:3000/');
    expect(webUiAddress('spanhouse.internal', 3000)).toBe('http://spanhouse.internal:3000/');
  });
});
