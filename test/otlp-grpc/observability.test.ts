import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basic, bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { exportBytes, type GrpcTestServer, grpcMetadata, startGrpcTestServer } from '../support/grpc.ts';
import { hex, jsonExport, protobufExport } from '../support/otlp-request.ts';

/*
 * Every OTLP/gRPC call is counted in spanhouse_grpc_requests_total (by method and status code)
 * and logged as a "grpc request" line with its code, as every HTTP request is counted and logged
 * with its status: those answered by the handler (OK, INVALID_ARGUMENT) and those refused before
 * it, by the gate (UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND) or by grpc-js (RESOURCE_EXHAUSTED
 * for a message past the size limit).
 */

const BODY_LIMIT = 16 * 1024;
const METHOD = '/opentelemetry.proto.collector.trace.v1.TraceService/Export';
const lines: { msg: string; method?: string; code?: string; ms?: number }[] = [];
let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer(
    'otlp-grpc-observability',
    { BODY_LIMIT_BYTES: String(BODY_LIMIT) },
    {
      write: (line: string) => void lines.push(JSON.parse(line)),
    },
  );
});
afterAll(() => server?.close());

const counts = async () => {
  const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: bearer() })).text();
  const byCode: Record<string, number> = {};
  for (const l of text.split('\n')) {
    if (!l.startsWith('spanhouse_grpc_requests_total{') || !l.includes(`method="${METHOD}"`)) continue;
    byCode[/code="([A-Z_]+)"/.exec(l)![1]!] = Number(l.split(' ').at(-1));
  }
  return byCode;
};

it('counts and logs each call with its code, refusals before the handler included', async () => {
  const span = () => protobufExport(jsonExport([{ traceId: hex(16), spanId: hex(8) }]));
  const metadata = (authorization: string | undefined, pairs: Record<string, string> = {}) => {
    const m = grpcMetadata(pairs);
    if (authorization === undefined) m.remove('authorization');
    else m.set('authorization', authorization);
    return m;
  };
  const calls: [status, Parameters<typeof exportBytes>[2], Parameters<typeof exportBytes>[3]][] = [
    [status.OK, span(), grpcMetadata()],
    [status.INVALID_ARGUMENT, Buffer.from([0x0a, 0xff, 0xff]), grpcMetadata()],
    [status.UNAUTHENTICATED, span(), metadata('Bearer wrong')],
    [status.UNAUTHENTICATED, span(), metadata(undefined)],
    [status.PERMISSION_DENIED, span(), metadata(basic().Authorization, { 'spanhouse-project': 'another' })],
    [status.NOT_FOUND, span(), metadata(bearer().Authorization, { 'spanhouse-project': 'no-such-project' })],
    [status.RESOURCE_EXHAUSTED, Buffer.alloc(BODY_LIMIT * 2, 0x0a), grpcMetadata()],
  ];
  for (const [code, bytes, m] of calls) {
    const { error } = await exportBytes(server.grpcAddress, 'traces', bytes, m);
    expect(error?.code ?? status.OK).toBe(code);
  }
  const expected = {
    OK: 1,
    INVALID_ARGUMENT: 1,
    UNAUTHENTICATED: 2,
    PERMISSION_DENIED: 1,
    NOT_FOUND: 1,
    RESOURCE_EXHAUSTED: 1,
  };
  await eventually(async () => expect(await counts()).toEqual(expected), 2_000);
  const logged = lines.filter((l) => l.msg === 'grpc request');
  expect(logged.map((l) => l.code).sort()).toEqual(
    [
      'OK',
      'INVALID_ARGUMENT',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'PERMISSION_DENIED',
      'NOT_FOUND',
      'RESOURCE_EXHAUSTED',
    ].sort(),
  );
  for (const l of logged) {
    expect(l.method).toBe(METHOD);
    expect(l.ms).toBeGreaterThanOrEqual(0);
  }
});
