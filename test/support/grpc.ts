import {
  credentials,
  Metadata,
  makeGenericClientConstructor,
  type ServiceError,
  type StatusObject,
} from '@grpc/grpc-js';
import { OTLP_SERVICES, startOtlpGrpc } from '@spanhouse/ingest-api';
import protobuf from 'protobufjs';
import { TEST_CREDENTIALS } from './app.ts';
import { startTestServer, type TestServer } from './server.ts';

export type GrpcTestServer = TestServer & {
  /** `127.0.0.1:<port>` of the OTLP/gRPC receiver. */
  grpcAddress: string;
  /** Stops the gRPC receiver as a SIGTERM does (calls in flight finish), then the rest. */
  close: () => Promise<void>;
};

/**
 * The all-in-one service on real ports (startTestServer) with the OTLP/gRPC receiver beside it
 * on a port the OS picks, over the same ingest dependencies, as `pnpm start` runs them.
 */
export async function startGrpcTestServer(
  label: string,
  env: Record<string, string> = {},
  /** Where the service logs go (JSON lines), as startTestServer's `logTo`. */
  logTo?: Parameters<typeof startTestServer>[3],
): Promise<GrpcTestServer> {
  const server = await startTestServer(label, env, undefined, logTo);
  const { ingest, metrics } = server.app;
  const receiver = await startOtlpGrpc(ingest, { host: '127.0.0.1', port: 0, logger: ingest.logger, metrics });
  return {
    ...server,
    grpcAddress: `127.0.0.1:${receiver.port}`,
    async close() {
      await receiver.stop();
      await server.close();
    },
  };
}

/** gRPC metadata with the test bearer token (or `authorization` as given) and any other pairs. */
export function grpcMetadata(pairs: Record<string, string> = {}): Metadata {
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${TEST_CREDENTIALS.bearerToken}`);
  for (const [key, value] of Object.entries(pairs)) metadata.set(key, value);
  return metadata;
}

/** The OTLP services by signal, as the receiver defines them (raw bytes in and out). */
const CLIENTS = {
  traces: makeGenericClientConstructor(OTLP_SERVICES.traces, 'TraceService'),
  metrics: makeGenericClientConstructor(OTLP_SERVICES.metrics, 'MetricsService'),
  logs: makeGenericClientConstructor(OTLP_SERVICES.logs, 'LogsService'),
};

/**
 * One unary Export call with the request's bytes as given (for bytes no exporter would send, and
 * to read the raw response): resolves with the response bytes or the gRPC error, never throws.
 */
export async function exportBytes(
  address: string,
  service: keyof typeof CLIENTS,
  bytes: Uint8Array,
  metadata: Metadata = grpcMetadata(),
  options: { gzip?: boolean } = {},
): Promise<{ response?: Buffer; error?: ServiceError }> {
  const Client = CLIENTS[service];
  const client = new Client(address, credentials.createInsecure(), {
    'grpc.default_compression_algorithm': options.gzip ? 2 : 0,
    'grpc.max_send_message_length': -1,
  });
  try {
    return await new Promise((resolve) => {
      (client as unknown as { Export: (...a: unknown[]) => void }).Export(
        Buffer.from(bytes),
        metadata,
        (error: ServiceError | null, response?: Buffer) => resolve(error ? { error } : { response }),
      );
    });
  } finally {
    client.close();
  }
}

/** google.rpc.Status and RetryInfo, to read a refusal's details as an exporter would. */
const rpc = protobuf.Root.fromJSON({
  nested: {
    Status: {
      fields: {
        code: { type: 'int32', id: 1 },
        message: { type: 'string', id: 2 },
        details: { rule: 'repeated', type: 'Any', id: 3 },
      },
    },
    Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
    RetryInfo: { fields: { retry_delay: { type: 'Duration', id: 1 } } },
    Duration: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
  },
});

/** The RetryInfo delay (ms) in a gRPC error's status details, or undefined when it carries none. */
export function retryDelayMs(error: Pick<StatusObject, 'code' | 'metadata'>): number | undefined {
  const [bin] = error.metadata?.get('grpc-status-details-bin') ?? [];
  if (!bin) return undefined;
  const status = rpc.lookupType('Status').decode(bin as Buffer) as unknown as {
    code: number;
    details: { type_url: string; value: Uint8Array }[];
  };
  if (status.code !== error.code) throw new Error(`status details say code ${status.code}, the status ${error.code}`);
  const detail = status.details.find((d) => d.type_url === 'type.googleapis.com/google.rpc.RetryInfo');
  if (!detail) return undefined;
  const info = rpc.lookupType('RetryInfo').decode(detail.value) as unknown as {
    retry_delay?: { seconds?: number | { toNumber(): number }; nanos?: number };
  };
  const seconds = info.retry_delay?.seconds;
  const s = typeof seconds === 'object' ? seconds.toNumber() : (seconds ?? 0);
  return s * 1000 + (info.retry_delay?.nanos ?? 0) / 1e6;
}
