import { ErrorBody, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { hex, jsonExport, protobufExport } from './otlp-request.ts';

/*
 * Under backpressure the OTLP endpoint answers as the OTLP exporters' retry rules expect:
 * 429 when the ingest buffer is full and 503 when storage does not commit in time, both with
 * Retry-After, so an exporter waits and sends the same export again.
 */

const PATH = '/api/public/otel/v1/traces';

/** How writes behave: pass through, wait for `release`, or fail as an unreachable server would. */
let mode: 'pass' | 'hold' | 'fail' = 'pass';
let release: () => void = () => {};
let held = new Promise<void>((resolve) => {
  release = resolve;
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    'otlp-backpressure',
    { INGEST_BUFFER_MAX_ROWS: '4', INGEST_FLUSH_ROWS: '4', INGEST_COMMIT_TIMEOUT_MS: '400' },
    {
      wrapWrite: (_table, write) => async (rows) => {
        if (mode === 'hold') await held;
        if (mode === 'fail') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        await write(rows);
      },
    },
  );
});
afterAll(async () => {
  mode = 'pass';
  release();
  await t?.close();
});

const threeSpans = () => {
  const traceId = hex(16);
  return jsonExport([
    { traceId, spanId: hex(8) },
    { traceId, spanId: hex(8) },
    { traceId, spanId: hex(8) },
  ]);
};
const post = (body: string | Uint8Array, type = 'application/json') =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': type } });
const stored = async () => v.parse(TraceListResponse, (await t.get('/api/public/traces')).body).meta.totalItems;

describe('OTLP backpressure', () => {
  it('429 TOO_MANY_REQUESTS with Retry-After while the buffer is full; the held export is stored once written', async () => {
    mode = 'hold';
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = post(threeSpans());
    await new Promise((resolve) => setTimeout(resolve, 50)); // its rows now fill most of the buffer
    for (const [body, type] of [
      [threeSpans(), 'application/json'],
      [protobufExport(threeSpans()), 'application/x-protobuf'],
    ] as const) {
      const refused = await post(body, type);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(v.parse(ErrorBody, await refused.json()).code).toBe('TOO_MANY_REQUESTS');
    }
    mode = 'pass';
    release();
    expect((await first).status).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After when storage does not commit in time', async () => {
    mode = 'fail';
    const res = await post(threeSpans());
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(v.parse(ErrorBody, await res.json()).code).toBe('SERVICE_UNAVAILABLE');
    mode = 'pass';
  });
});
