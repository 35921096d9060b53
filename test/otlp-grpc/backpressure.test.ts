import { status } from '@grpc/grpc-js';
import { startOtlpGrpc } from '@spanhouse/ingest-api';
import { faultyFileLayer } from '@spanhouse/ingest-log/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { exportBytes, grpcMetadata, retryDelayMs } from '../support/grpc.ts';
import { hex, jsonExport, protobufExport, traceUuid } from '../support/otlp-request.ts';

/*
 * OTLP/gRPC under load and when storage refuses, as its exporters' retry rules expect: refused
 * for load (the admission budget HTTP requests share) with UNAVAILABLE and RetryInfo, the
 * specification's throttling answer that exporters retry; UNAVAILABLE with RetryInfo as well when the ingest log cannot take the rows (its budget full while
 * ClickHouse takes no inserts, its disk failing, a commit asked for that does not come). What was
 * acknowledged is stored once the storage is back.
 */

const MiB = 1024 * 1024;
let mode: 'pass' | 'hold' | 'fail' = 'pass';
let release: () => void = () => {};
let held = Promise.resolve();
let diskFull = false;

let t: TestApp;
let address: string;
let stopReceiver: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp(
    'otlp-grpc-backpressure',
    { INGEST_LOG_MAX_BYTES: String(MiB), INGEST_MAX_INFLIGHT_BYTES: String(MiB), INGEST_COMMIT_TIMEOUT_MS: '400' },
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
  const receiver = await startOtlpGrpc(t.ingest, { host: '127.0.0.1', port: 0, logger: t.ingest.logger });
  address = `127.0.0.1:${receiver.port}`;
  stopReceiver = () => receiver.stop();
});
afterAll(async () => {
  mode = 'pass';
  release();
  await stopReceiver?.();
  await t?.close();
});

/** A protobuf export of three spans of a new trace, each carrying `padding` characters of input. */
function threeSpans(padding = 0) {
  const traceId = hex(16);
  const attributes: [string, string][] = padding > 0 ? [['langfuse.observation.input', 'x'.repeat(padding)]] : [];
  const spans = [0, 1, 2].map(() => ({ traceId, spanId: hex(8), attributes }));
  return { traceId, bytes: protobufExport(jsonExport(spans)) };
}
const stored = async (traceId: string) => (await t.get(`/api/public/traces/${traceUuid(traceId)}`)).status === 200;

describe('OTLP/gRPC refused for load', () => {
  it('past the admission budget that HTTP requests share: UNAVAILABLE with RetryInfo, then accepted', async () => {
    // An HTTP request in flight holds most of the budget (its declared Content-Length)...
    const inFlight = t.ingest.admission.admit(MiB - 1000);
    expect(typeof inFlight).not.toBe('string');
    const { traceId, bytes } = threeSpans(1000);
    const { error } = await exportBytes(address, 'traces', bytes);
    expect(error?.code).toBe(status.UNAVAILABLE);
    expect(error?.details).toBe('ingest is at its limit of bytes in flight; retry later');
    expect(retryDelayMs(error!)).toBe(1000);
    // ...and once it is done, the same export goes in.
    if (typeof inFlight !== 'string') inFlight.release();
    const again = await exportBytes(address, 'traces', bytes);
    expect(again.error).toBeUndefined();
    await eventually(async () => expect(await stored(traceId)).toBe(true));
    expect(t.ingest.admission.heldBytes).toBe(0);
  });
});

describe('OTLP/gRPC when storage cannot take the rows', () => {
  it('acknowledges into the log while ClickHouse takes no inserts, UNAVAILABLE with RetryInfo once the log is full, then drains', async () => {
    mode = 'hold';
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acknowledged: string[] = [];
    let refusal: Awaited<ReturnType<typeof exportBytes>>['error'];
    // About 200 KB of rows per export: the 1 MiB log budget holds a handful.
    for (let i = 0; i < 50 && !refusal; i++) {
      const { traceId, bytes } = threeSpans(70_000);
      const { error } = await exportBytes(address, 'traces', bytes);
      if (error) refusal = error;
      else acknowledged.push(traceId);
    }
    expect(acknowledged.length).toBeGreaterThan(1);
    expect(refusal?.code).toBe(status.UNAVAILABLE);
    expect(refusal?.details).toMatch(/^ingest is behind: .*; retry later$/);
    expect(retryDelayMs(refusal!)).toBe(5000);

    mode = 'pass';
    release();
    // Everything acknowledged reaches ClickHouse once it takes inserts again.
    await eventually(async () => {
      for (const id of acknowledged) expect(await stored(id)).toBe(true);
    });
    expect((await exportBytes(address, 'traces', threeSpans().bytes)).error).toBeUndefined();
  });

  it('UNAVAILABLE with RetryInfo when the log cannot write to its disk; the next export is stored', async () => {
    diskFull = true;
    const failed = threeSpans();
    const { error } = await exportBytes(address, 'traces', failed.bytes);
    diskFull = false;
    expect(error?.code).toBe(status.UNAVAILABLE);
    expect(error?.details).toMatch(/ENOSPC.*nothing of this request was stored/);
    expect(retryDelayMs(error!)).toBe(5000);
    // Accepted (durable), then readable once committed: waited for here rather than with
    // spanhouse-wait: commit, whose 400 ms bound (set for the last case) a loaded machine can pass.
    const next = threeSpans();
    expect((await exportBytes(address, 'traces', next.bytes)).error).toBeUndefined();
    await eventually(async () => expect(await stored(next.traceId)).toBe(true));
    expect(await stored(failed.traceId)).toBe(false);
  });

  it('UNAVAILABLE with RetryInfo when a commit waited for (spanhouse-wait: commit) does not come in time', async () => {
    mode = 'fail';
    const { traceId, bytes } = threeSpans();
    const { error } = await exportBytes(address, 'traces', bytes, grpcMetadata({ 'spanhouse-wait': 'commit' }));
    expect(error?.code).toBe(status.UNAVAILABLE);
    expect(error?.details).toMatch(/sending the request again is safe$/);
    expect(retryDelayMs(error!)).toBe(5000);
    mode = 'pass';
    // It was durable: stored once ClickHouse answers again.
    await eventually(async () => expect(await stored(traceId)).toBe(true));
  });
});
