import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';

/**
 * The three OTLP collector services as grpc-js service definitions whose messages are the raw
 * bytes: grpc-js reads (and inflates) the message, and the signal's own decoder, the one OTLP/HTTP
 * protobuf uses, decodes it once. Responses are encoded by the signal as well. The same
 * definitions make raw clients (grpc-js makeGenericClientConstructor), as the tests and the
 * benchmark use, and as the OpenTelemetry exporters' own client is built.
 */
const raw = <T extends Buffer>(bytes: T) => bytes;

function exportService(service: string): ServiceDefinition {
  const Export: MethodDefinition<Buffer, Buffer> = {
    path: `/opentelemetry.proto.collector.${service}/Export`,
    requestStream: false,
    responseStream: false,
    requestSerialize: raw,
    requestDeserialize: raw,
    responseSerialize: raw,
    responseDeserialize: raw,
  };
  return { Export };
}

export const OTLP_SERVICES = {
  traces: exportService('trace.v1.TraceService'),
  metrics: exportService('metrics.v1.MetricsService'),
  logs: exportService('logs.v1.LogsService'),
} as const;
