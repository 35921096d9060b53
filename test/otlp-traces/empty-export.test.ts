import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { exportBytes, type GrpcTestServer, startGrpcTestServer } from '../support/grpc.ts';

/*
 * An export with nothing in it (`{}` over OTLP/JSON, an empty protobuf message over HTTP or gRPC)
 * is a success with nothing stored, as the OTLP specification has it, for every signal; only an
 * export whose spans (or points) are all unusable is refused (docs/api.md).
 */

let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('otlp-empty-export');
});
afterAll(() => server?.close());

const SIGNALS = ['traces', 'metrics', 'logs'] as const;

describe.each(SIGNALS)('an empty %s export', (signal) => {
  const post = (body: string | Uint8Array, type: string) =>
    fetch(`${server.baseUrl}/api/public/otel/v1/${signal}`, {
      method: 'POST',
      body,
      headers: { ...bearer(), 'Content-Type': type },
    });

  it('OTLP/JSON {}: 200 and {}', async () => {
    const res = await post('{}', 'application/json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('protobuf over HTTP, no bytes: 200 and an empty response', async () => {
    const res = await post(new Uint8Array(0), 'application/x-protobuf');
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('gRPC, an empty message: OK and an empty response', async () => {
    const { response, error } = await exportBytes(server.grpcAddress, signal, new Uint8Array(0));
    expect(error).toBeUndefined();
    expect(response!.length).toBe(0);
  });
});
