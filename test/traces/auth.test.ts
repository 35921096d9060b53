import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('auth');
});
afterAll(() => t?.close());

const endpoints: [string, string][] = [
  ['POST', '/v1/l/batch'],
  ['POST', '/v1/metrics/batch'],
  ['POST', '/api/public/otel/v1/traces'],
  ['GET', '/api/public/traces'],
  ['GET', '/api/public/traces/some-id'],
  ['GET', '/api/public/metrics/daily'],
  ['GET', '/api/public/metrics/query?name=x'],
  ['GET', '/api/public/metrics/names'],
];

const badHeaders: [string, Record<string, string>][] = [
  ['no credentials', {}],
  ['a wrong bearer token', { Authorization: 'Bearer wrong-token' }],
  ['an empty bearer token', { Authorization: 'Bearer ' }],
  ['a malformed header', { Authorization: 'test-token' }],
  ['an unknown scheme', { Authorization: 'Token test-token' }],
  ['basic with a wrong secret', basic('pk-test', 'nope')],
  ['basic with a wrong public key', basic('pk-nope', 'sk-test')],
  ['basic that is not base64', { Authorization: 'Basic !!!' }],
  ['basic without a colon', { Authorization: `Basic ${Buffer.from('pk-test').toString('base64')}` }],
];

async function call(method: string, path: string, headers: Record<string, string>) {
  const body = method === 'POST' ? JSON.stringify(makeBatch()) : undefined;
  return t.app.request(path, { method, body, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('every endpoint refuses bad credentials with 401', () => {
  for (const [method, path] of endpoints) {
    it.each(badHeaders)(`${method} ${path} with %s`, async (_name, headers) => {
      const res = await call(method, path, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'missing or invalid credentials', code: 'UNAUTHORIZED', data: null });
    });
  }
  it('nothing was stored by any refused request', async () => {
    expect((await t.get('/api/public/traces')).body.meta.totalItems).toBe(0);
  });
});

describe('accepted credentials', () => {
  it('Bearer works on the batch endpoint; Basic does not (Basic is for /api/public)', async () => {
    expect((await call('POST', '/v1/l/batch', { Authorization: 'Bearer test-token' })).status).toBe(200);
    expect((await call('POST', '/v1/l/batch', basic())).status).toBe(401);
  });

  it('Basic pk:sk and Bearer both work on /api/public endpoints', async () => {
    expect((await call('GET', '/api/public/traces', basic())).status).toBe(200);
    expect((await call('GET', '/api/public/traces', { Authorization: 'bearer test-token' })).status).toBe(200);
    expect((await call('GET', '/api/public/metrics/daily', basic())).status).toBe(200);
  });
});
