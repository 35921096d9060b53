import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { status } from '@grpc/grpc-js';
import { type GrpcReceiver, startOtlpGrpc } from '@spanhouse/ingest-api';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-logs-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { exportBytes, retryDelayMs } from '../support/grpc.ts';
import { hex, jsonExport, protobufExport } from '../support/otlp-request.ts';

/*
 * Disk safety (docs/data-lifecycle.md): on a small filesystem of its own (a 64 MiB tmpfs this test
 * mounts, holding the ingest log), once free space falls below DISK_MIN_FREE_BYTES every ingest
 * path answers 503 with Retry-After and a message saying why (OTLP/gRPC: UNAVAILABLE with a
 * RetryInfo of the same wait, storage cannot take the rows), before the disk is full; reads keep
 * working, /readyz stays ready and says why, /metrics shows it; it resumes by itself when space
 * returns. Mounting needs root (CI runs as root); elsewhere the test is skipped, saying so.
 */

const MiB = 1024 * 1024;
const mountDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-small-disk-'));
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountDir]);
    return true;
  } catch {
    return false;
  }
})();
const filler = path.join(mountDir, 'filler');
let t: TestApp;
let grpc: GrpcReceiver;

const trace = (id: string) => ({ trace: { id, timestamp: new Date().toISOString(), name: 'disk' } });
const metric = { metrics: [{ name: 'disk.probe', labels: {}, value: 1, timestamp: new Date().toISOString() }] };
const otlpTraces = () => jsonExport([{ traceId: hex(16), spanId: hex(8) }]);
/** An OTLP/JSON logs export of one record in a trace (stored as part of it: rows to write). */
const otlpLogs = () => ({
  resourceLogs: [
    {
      scopeLogs: [
        {
          logRecords: [
            { traceId: hex(16), spanId: hex(8), timeUnixNano: `${Date.now()}000000`, body: { stringValue: 'disk' } },
          ],
        },
      ],
    },
  ],
});
const LogsRequest = opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

beforeAll(async () => {
  if (canMount) mkdirSync(path.join(mountDir, 'log'));
  t = await createTestApp(
    'lifecycle-disk',
    canMount ? { INGEST_LOG_DIR: path.join(mountDir, 'log'), DISK_MIN_FREE_BYTES: String(16 * MiB) } : {},
  );
  grpc = await startOtlpGrpc(t.ingest, { host: '127.0.0.1', port: 0, logger: t.ingest.logger });
});

afterAll(async () => {
  await grpc?.stop();
  await t?.close();
  if (canMount) execFileSync('umount', ['-l', mountDir]);
  rmSync(mountDir, { recursive: true, force: true });
});

describe.skipIf(!canMount)('low free disk space (a 64 MiB tmpfs; needs root to mount it)', () => {
  it('refuses ingest with 503 and Retry-After, keeps reads, says why, and resumes when space returns', async () => {
    expect((await t.post('/v1/l/batch', trace('before'))).status).toBe(200);

    writeFileSync(filler, Buffer.alloc(52 * MiB));
    t.ingest.disk.update();
    for (const [p, body] of [
      ['/v1/l/batch', trace('refused')],
      ['/v1/metrics/batch', metric],
      ['/api/public/otel/v1/traces', otlpTraces()],
      ['/api/public/otel/v1/logs', otlpLogs()],
      [
        '/api/public/ingestion',
        { batch: [{ id: 'e1', type: 'trace-create', timestamp: new Date().toISOString(), body: { id: 'refused-2' } }] },
      ],
    ] as const) {
      const r = await t.post(p, body);
      expect(r.status, p).toBe(503);
      expect(r.headers.get('retry-after')).toBe('30');
      expect(r.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', data: null });
      expect(r.body.message).toMatch(/MiB free, below DISK_MIN_FREE_BYTES \(16 MiB\): ingest is paused/);
    }
    const grpcAddress = `127.0.0.1:${grpc.port}`;
    for (const [service, bytes] of [
      ['traces', protobufExport(otlpTraces())],
      ['logs', LogsRequest.encode(logsWithBytes(otlpLogs()) as never).finish()],
    ] as const) {
      const { error } = await exportBytes(grpcAddress, service, bytes);
      expect(error?.code, service).toBe(status.UNAVAILABLE);
      expect(error?.details).toMatch(/below DISK_MIN_FREE_BYTES \(16 MiB\): ingest is paused/);
      expect(retryDelayMs(error!)).toBe(30_000);
    }
    expect((await t.get('/api/public/traces/before')).status).toBe(200);
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    const readiness = (await ready.json()) as { note: string; ingestRefused: string };
    expect(readiness.note).toMatch(/ingest is refused: the disk holding .* MiB free/);
    // What the web UI's header shows while ingest is refused.
    expect(readiness.ingestRefused).toMatch(
      /^the disk holding .* has \d+ MiB free, below DISK_MIN_FREE_BYTES \(16 MiB\)$/,
    );
    const metrics = await (await t.request('/metrics')).text();
    expect(metrics).toMatch(/^spanhouse_ingest_refused_low_disk 1$/m);

    rmSync(filler);
    // The guard measures every second by itself.
    await sleep(1_500);
    expect((await t.post('/v1/l/batch', trace('after'))).status).toBe(200);
    expect((await t.get('/api/public/traces/after')).status).toBe(200);
    expect((await t.get('/api/public/traces/refused')).status).toBe(404);
    expect(await (await t.app.request('/readyz')).json()).not.toHaveProperty('ingestRefused');
    expect(await (await t.request('/metrics')).text()).toMatch(/^spanhouse_ingest_refused_low_disk 0$/m);
  });
});

/** The JSON logs export with its ids as bytes, as protobuf carries them. */
function logsWithBytes(json: ReturnType<typeof otlpLogs>) {
  for (const r of json.resourceLogs[0]!.scopeLogs[0]!.logRecords) {
    Object.assign(r, { traceId: Buffer.from(r.traceId, 'hex'), spanId: Buffer.from(r.spanId, 'hex') });
  }
  return json;
}

describe("the embedded engine's own tables", () => {
  it('keeps no system log tables in its data folder, however much it is used', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await t.post('/v1/l/batch', trace(`log-${i}`))).status).toBe(200);
      expect((await t.get('/api/public/traces')).status).toBe(200);
    }
    const logs = await (
      await t.db.writer.query({
        query: "SELECT name FROM system.tables WHERE database = 'system' AND name LIKE '%\\_log'",
        format: 'JSONEachRow',
      })
    ).json();
    expect(logs).toEqual([]);
    // Only the service's own database has a data folder: no system database on disk.
    const databases = execFileSync('ls', [path.join(t.config.dataDir, 'chdb', 'data')])
      .toString()
      .trim()
      .split('\n');
    expect(databases).toEqual([t.db.database]);
  });
});
