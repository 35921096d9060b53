import { credentials, Metadata, makeGenericClientConstructor, type ServiceError, status } from '@grpc/grpc-js';
import { OTLP_SERVICES } from '@spanhouse/ingest-api';
import type { HttpResult } from '../lib/http.ts';

const TraceService = makeGenericClientConstructor(OTLP_SERVICES.traces, 'TraceService');

/** gRPC codes as the HTTP statuses the load loop counts (OTLP's own correspondence). */
const AS_HTTP: Partial<Record<number, number>> = {
  [status.OK]: 200,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.UNAVAILABLE]: 503,
  [status.INVALID_ARGUMENT]: 400,
  [status.UNAUTHENTICATED]: 401,
};

/**
 * An OTLP/gRPC trace exporter's transport, as the OpenTelemetry exporters make it: one channel of
 * its own (as each exporter process has), the request's protobuf bytes sent as they are.
 */
export function grpcTraceClient(address: string, token: string) {
  const client = new TraceService(address, credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
    'grpc.max_send_message_length': -1,
  }) as unknown as {
    Export(body: Buffer, metadata: Metadata, done: (err: ServiceError | null, res?: Buffer) => void): void;
    close(): void;
  };
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return {
    send(body: Buffer): Promise<HttpResult> {
      const started = performance.now();
      return new Promise((resolve) =>
        client.Export(body, metadata, (err, res) =>
          resolve({
            status: err ? (AS_HTTP[err.code] ?? 500 + err.code) : 200,
            body: err ? Buffer.from(`${status[err.code]}: ${err.details}`) : (res ?? Buffer.alloc(0)),
            ms: performance.now() - started,
          }),
        ),
      );
    },
    close: () => client.close(),
  };
}
