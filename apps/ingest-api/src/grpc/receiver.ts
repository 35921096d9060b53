import { type handleUnaryCall, Server, ServerCredentials, type ServerUnaryCall } from '@grpc/grpc-js';
import { ApiError, type ServiceMetrics } from '@spanhouse/http';
import type { Logger } from 'pino';
import { waitForCommitOf } from '../acknowledgement.ts';
import type { IngestDeps } from '../deps.ts';
import { logsSignal, metricsSignal, type OtlpSignal, tracesSignal } from '../otlp-export/signals.ts';
import { gate, metadataText, principalOfCall, ticketOf } from './gate.ts';
import { observe } from './observe.ts';
import { OTLP_SERVICES } from './services.ts';
import { grpcStatusOf } from './status.ts';

export type GrpcReceiver = { port: number; stop: (graceMs?: number) => Promise<void> };

/** How long a stop waits for the calls in flight before cancelling them. */
const STOP_GRACE_MS = 10_000;

/**
 * One OTLP export call, as POST /api/public/otel/v1/<signal> answers one request (otlpExportRoute),
 * once the gate let it through: the message's bytes held on the call's admission ticket (past the
 * budget: UNAVAILABLE with RetryInfo) and past the inflated-size limit refused, the call's
 * turn to decode, then the signal's decode → map → rows → append, and the reply once durable (or
 * committed, with the `spanhouse-wait: commit` metadata).
 */
async function exportCall(
  deps: IngestDeps,
  signal: OtlpSignal,
  call: ServerUnaryCall<Buffer, Buffer>,
): Promise<Buffer> {
  const { limits } = deps.config;
  const body = call.request;
  // grpc-js refused a message (as sent, and inflated) past BODY_LIMIT_BYTES before it got here.
  if (body.length > limits.decompressedBytes) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `decompressed request body exceeds ${limits.decompressedBytes} bytes`);
  }
  const waitForCommit = waitForCommitOf(metadataText(call.metadata, 'spanhouse-wait'));
  const ticket = ticketOf(call.metadata);
  if (ticket && !ticket.hold(body.length)) {
    throw new ApiError('TOO_MANY_REQUESTS', 'ingest is at its limit of bytes in flight; retry later', 1);
  }
  await ticket?.turn();
  const { projectId } = principalOfCall(call.metadata);
  const rejected = await signal.ingest(projectId, 'protobuf', body, {
    waitForCommit,
    onDurable: () => ticket?.release(),
  });
  return Buffer.from(signal.protobufReply(rejected));
}

function handler(deps: IngestDeps, signal: OtlpSignal, path: string, logger: Logger): handleUnaryCall<Buffer, Buffer> {
  // The call is counted and logged with its status by the observe interceptor.
  return (call, callback) => {
    exportCall(deps, signal, call).then(
      (reply) => callback(null, reply),
      (err) => callback(grpcStatusOf(err, (e) => logger.error({ err: e, method: path }, 'unhandled error'))),
    );
  };
}

/**
 * The OTLP/gRPC receiver: the trace, metrics and logs collector services on `host:port` (port 0:
 * any free one), over the HTTP routes' signals, credentials, limits, admission and ingest log.
 * `stop` closes the listener, lets the calls in flight finish (cancelling them after `graceMs`)
 * and resolves once they did: call it before the ingest log closes.
 */
export async function startOtlpGrpc(
  deps: IngestDeps,
  opts: { host: string; port: number; logger: Logger; metrics?: ServiceMetrics },
): Promise<GrpcReceiver> {
  const { logger, metrics } = opts;
  const server = new Server({
    // observe first: it is given grpc-js' own call, whose refusals it must see.
    interceptors: [observe(logger, metrics), gate(deps.authenticate, deps.admission)],
    // The message as sent; and, inflated, refused at the same size by grpc-js (one limit for both).
    'grpc.max_receive_message_length': deps.config.limits.bodyBytes,
    // Channelz (grpc-js's per-call and per-socket bookkeeping for its admin service): nothing here
    // serves it; /metrics counts the calls.
    'grpc.enable_channelz': 0,
  });
  const signals = { traces: tracesSignal(deps), metrics: metricsSignal(deps), logs: logsSignal(deps) };
  for (const name of ['traces', 'metrics', 'logs'] as const) {
    const service = OTLP_SERVICES[name];
    server.addService(service, { Export: handler(deps, signals[name], service.Export!.path, logger) });
  }
  const address = opts.host.includes(':') ? `[${opts.host}]:${opts.port}` : `${opts.host}:${opts.port}`;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, bound) =>
      err
        ? reject(
            new Error(
              `OTLP/gRPC cannot listen on ${address} (${err.message}); set OTLP_GRPC_PORT to a free port, 0 for any, or off`,
            ),
          )
        : resolve(bound),
    ),
  );
  logger.info({ grpcPort: port, host: opts.host }, 'OTLP/gRPC listening');
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = STOP_GRACE_MS) => {
    stopping ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        logger.warn({ graceMs }, 'OTLP/gRPC calls still running after the grace time: cancelled');
        server.forceShutdown();
        resolve();
      }, graceMs);
      server.tryShutdown(() => {
        clearTimeout(force);
        resolve();
      });
    });
    return stopping;
  };
  return { port, stop };
}
