import { Writable } from 'node:stream';
import { Counter } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createBaseApp } from '../src/base-app.ts';
import { ApiError } from '../src/errors.ts';
import { createLogger } from '../src/logging.ts';
import { createServiceMetrics } from '../src/self-metrics.ts';
import { bearerOnly } from './bearer-only.ts';

const authenticate = bearerOnly('tok-123');
const bearer = { Authorization: 'Bearer tok-123' };

/** A logger whose JSON lines land in `lines`. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { logger: createLogger('info', 'test', stream), lines, raw };
}

function app(ready?: () => Promise<string | undefined>) {
  const log = capturedLogger();
  const metrics = createServiceMetrics({ processMetrics: false });
  const a = createBaseApp({ logger: log.logger, authenticate, metrics, ready });
  a.get('/v1/thing/:id', (c) => c.json({ id: c.req.param('id') }));
  a.get('/v1/boom', () => {
    throw new ApiError('TOO_MANY_REQUESTS', 'full', 1);
  });
  return { app: a, metrics, ...log };
}

describe('GET /readyz', () => {
  it('answers 200 ready without credentials when the check passes', async () => {
    const res = await app(async () => undefined).app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with our error body and Retry-After when ClickHouse fails or the check reports a reason', async () => {
    const failing = await app(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:8123 password=hunter2');
    }).app.request('/readyz');
    expect(failing.status).toBe(503);
    expect(failing.headers.get('retry-after')).toBe('5');
    const body = await failing.json();
    expect(body).toEqual({ message: 'not ready: ClickHouse did not answer', code: 'SERVICE_UNAVAILABLE', data: null });

    const degraded = await app(async () => 'storage writes are failing; retrying').app.request('/readyz');
    expect(degraded.status).toBe(503);
    expect(((await degraded.json()) as { message: string }).message).toBe(
      'not ready: storage writes are failing; retrying',
    );
  });
});

describe('GET /api/public/health', () => {
  it("answers Langfuse's {status: OK, version} without credentials when ready", async () => {
    const res = await app(async () => undefined).app.request('/api/public/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'OK', version: '0.1.0' });
  });

  it('answers 503 with our error body when the readiness check fails', async () => {
    const res = await app(async () => 'storage writes are failing; retrying').app.request('/api/public/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: 'not ready: storage writes are failing; retrying',
      code: 'SERVICE_UNAVAILABLE',
      data: null,
    });
  });
});

describe('GET /metrics', () => {
  it('needs the bearer token', async () => {
    const { app: a } = app();
    expect((await a.request('/metrics')).status).toBe(401);
    const basic = `Basic ${Buffer.from('pk-1:sk-secret-1').toString('base64')}`;
    expect((await a.request('/metrics', { headers: { Authorization: basic } })).status).toBe(401);
  });

  it('counts requests by route pattern and status in Prometheus text format', async () => {
    const { app: a } = app();
    await a.request('/v1/thing/1', { headers: bearer });
    await a.request('/v1/thing/2', { headers: bearer });
    await a.request('/v1/thing/3');
    await a.request('/v1/boom', { headers: bearer });
    await a.request('/v1/nope/x', { headers: bearer });
    const res = await a.request('/metrics', { headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Route patterns, never raw paths: ids cannot grow the number of series.
    expect(text).toContain('spanhouse_http_requests_total{method="GET",route="/v1/thing/:id",status="200"} 2');
    expect(text).toContain('spanhouse_http_requests_total{method="GET",route="/v1/boom",status="429"} 1');
    expect(text).toContain('spanhouse_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('spanhouse_http_requests_total{method="GET",route="/v1/thing/:id",status="401"} 1');
    expect(text).not.toContain('/v1/thing/1');
    expect(text).toMatch(/spanhouse_http_request_duration_seconds_count\{method="GET",route="\/v1\/thing\/:id"\} 3/);
  });

  it('reports the query durations it is given, and what other modules register on its registry', async () => {
    const { app: a, metrics } = app();
    new Counter({
      name: 'spanhouse_module_things_total',
      help: 'a module of an app',
      registers: [metrics.registry],
    }).inc(3);
    metrics.observeQuery('traces.list', 0.02, true);
    metrics.observeQuery('traces.list', 0.5, false);
    const text = await (await a.request('/metrics', { headers: bearer })).text();
    expect(text).toContain('spanhouse_module_things_total 3');
    expect(text).toContain('spanhouse_query_duration_seconds_count{query="traces.list",outcome="ok"} 1');
    expect(text).toContain('spanhouse_query_duration_seconds_count{query="traces.list",outcome="error"} 1');
  });
});

describe('request logs', () => {
  it('gives every request an id, returns it as X-Request-Id and logs one line under it', async () => {
    const { app: a, lines } = app();
    const res = await a.request('/v1/thing/9', { headers: bearer });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l.msg === 'request' && l.requestId === id);
    expect(line).toMatchObject({ method: 'GET', path: '/v1/thing/9', status: 200 });
  });

  it('keeps a sane client request id and replaces one that could forge log lines', async () => {
    const { app: a } = app();
    const kept = await a.request('/healthz', { headers: { 'X-Request-Id': 'abc-123.x_y' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123.x_y');
    const replaced = await a.request('/healthz', { headers: { 'X-Request-Id': 'a b {"level":60}' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes credentials to the log', async () => {
    const { app: a, logger, raw } = app();
    await a.request('/v1/thing/1', { headers: bearer });
    await a.request('/v1/thing/1', { headers: { Authorization: 'Bearer wrong-token-xyz' } });
    logger.info(
      { headers: { authorization: 'Bearer tok-123' }, password: 'pw-9', config: { secretKey: 'sk-secret-1' } },
      'x',
    );
    const all = raw.join('\n');
    expect(all).toContain('[redacted]');
    for (const secret of ['tok-123', 'wrong-token-xyz', 'pw-9', 'sk-secret-1']) expect(all).not.toContain(secret);
  });
});
