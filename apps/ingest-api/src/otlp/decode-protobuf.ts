import { badRequest } from '@spanhouse/http';
import { opentelemetry } from './generated/otlp.js';
import type { RequestLike } from './spans.ts';

const { ExportTraceServiceRequest, ExportTraceServiceResponse } = opentelemetry.proto.collector.trace.v1;

/**
 * A protobuf ExportTraceServiceRequest, decoded by the generated code (protobufjs static: the
 * faster of the two generators measured, see scripts/bench-decode.ts). 64-bit times come out
 * as Long, exact. Garbage and truncated bodies are a 400, never a 500.
 */
export function decodeProtobufRequest(body: Uint8Array): RequestLike {
  try {
    return ExportTraceServiceRequest.decode(body) as RequestLike;
  } catch (err) {
    throw badRequest(`request body is not a protobuf ExportTraceServiceRequest: ${(err as Error).message}`);
  }
}

/** ExportTraceServiceResponse: empty when all was accepted, else partial_success. */
export function encodeProtobufResponse(rejected?: { count: number; message: string }): ArrayBuffer {
  const message = rejected ? { partialSuccess: { rejectedSpans: rejected.count, errorMessage: rejected.message } } : {};
  const bytes = ExportTraceServiceResponse.encode(message).finish();
  // A copy that owns its memory: the writer's bytes may be a view into a shared pool.
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
