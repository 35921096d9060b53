import { faultyFileLayer } from '@spanhouse/ingest-log/testing';
import { ErrorBody, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, WAIT_FOR_COMMIT } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { hex, jsonExport, protobufExport, traceUuid } from '../support/otlp-request.ts';

/*
 * Under backpressure the OTLP endpoint answers as the OTLP exporters' retry rules expect. While
 * ClickHouse does not take inserts, exports are still acknowledged (durable in the ingest log) up
 * to the log's disk budget, then refused with 429; a full or failing disk is a 503 for the request
 * that met it; a client that asked to wait for the commit gets 503 when the commit does not come.
 * Every refusal carries Retry-After, so an exporter waits and sends the same export again.
 */

const PATH = '/api/public/otel/v1/traces';
const DURABLE_ONLY = { 'Spanhouse-Wait': 'durable' };

/** How inserts behave: pass through, wait for `release`, or fail as an unreachable server would. */
let mode: 'pass' | 'hold' | 'fail' = 'pass';
let release: () => void = () => {};
let held = Promise.resolve();
/** Whether the log's disk refuses writes (ENOSPC). */
let diskFull = false;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    'otlp-backpressure',
    { INGEST_LOG_MAX_BYTES: String(1024 * 1024), INGEST_COMMIT_TIMEOUT_MS: '400' },
    {
      writer: (clickhouse) => ({
        async insert(batch) {
          if (mode === 'hold') await held;
          if (mode === 'fail') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          await clickhouse.insert(batch);
        },
      }),
      logFiles: faultyFileLayer({ writev: () => (diskFull ? { fail: 'ENOSPC' } : undefined) }),
    },
  );
});
afterAll(async () => {
  mode = 'pass';
  release();
  await t?.close();
});

/** An export of three spans of a new trace (or of `traceId`), each carrying `padding` characters of input. */
const threeSpans = (padding = 0, traceId = hex(16)) => {
  const attributes: [string, string][] = padding > 0 ? [['langfuse.observation.input', 'x'.repeat(padding)]] : [];
  return jsonExport([
    { traceId, spanId: hex(8), attributes },
    { traceId, spanId: hex(8), attributes },
    { traceId, spanId: hex(8), attributes },
  ]);
};
const post = (body: string | Uint8Array, type = 'application/json', headers: Record<string, string> = DURABLE_ONLY) =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': type, ...headers } });
const stored = async () => v.parse(TraceListResponse, (await t.get('/api/public/traces')).body).meta.totalItems;

async function expectRefusal(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(v.parse(ErrorBody, await res.json()).code).toBe(code);
}

describe('OTLP backpressure', () => {
  it('acknowledges into the log while ClickHouse holds inserts, 429 past the log budget, then drains', async () => {
    mode = 'hold';
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = await stored();
    let acknowledged = 0;
    let refused: Response | undefined;
    // About 200 KB of rows per export: the 1 MiB budget holds a handful.
    for (let i = 0; i < 50 && !refused; i++) {
      const res = await post(threeSpans(70_000));
      if (res.status === 200) acknowledged++;
      else refused = res;
    }
    expect(acknowledged).toBeGreaterThan(1);
    expect(refused).toBeDefined();
    await expectRefusal(refused!, 429, 'TOO_MANY_REQUESTS');
    // Both encodings are refused the same way while the log is full.
    await expectRefusal(
      await post(protobufExport(threeSpans(70_000)), 'application/x-protobuf'),
      429,
      'TOO_MANY_REQUESTS',
    );

    mode = 'pass';
    release();
    // Everything acknowledged reaches ClickHouse once it takes inserts again, and the log has room.
    await eventually(async () => expect(await stored()).toBe(before + acknowledged));
    // The log has room again. (Acknowledged, not waited for: INGEST_COMMIT_TIMEOUT_MS is 400 ms here,
    // for the next test, and a loaded machine may commit slower than that.)
    expect((await post(threeSpans())).status).toBe(200);
    await eventually(async () => expect(await stored()).toBe(before + acknowledged + 1));
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After when the client waits for a commit that does not come in time', async () => {
    mode = 'fail';
    const before = await stored();
    await expectRefusal(await post(threeSpans(), 'application/json', WAIT_FOR_COMMIT), 503, 'SERVICE_UNAVAILABLE');
    // Without the wait, the same export is acknowledged: it is durable in the log.
    expect((await post(threeSpans())).status).toBe(200);
    mode = 'pass';
    // Both are stored once ClickHouse answers again (the first was durable too; a retry would fold).
    await eventually(async () => expect(await stored()).toBe(before + 2));
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After when the log cannot write to its disk; the next request is stored', async () => {
    const before = await stored();
    diskFull = true;
    const refusedTrace = hex(16);
    const res = await post(threeSpans(0, refusedTrace));
    await expectRefusal(res.clone(), 503, 'SERVICE_UNAVAILABLE');
    expect(v.parse(ErrorBody, await res.json()).message).toMatch(/ENOSPC/);
    diskFull = false;
    const nextTrace = hex(16);
    expect((await post(threeSpans(0, nextTrace))).status).toBe(200);
    await eventually(async () => expect((await t.get(`/api/public/traces/${traceUuid(nextTrace)}`)).status).toBe(200));
    // The refused export was never in the log: stored is the next one only.
    expect((await t.get(`/api/public/traces/${traceUuid(refusedTrace)}`)).status).toBe(404);
    expect(await stored()).toBe(before + 1);
  });
});
