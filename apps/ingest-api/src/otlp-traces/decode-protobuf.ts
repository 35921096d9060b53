import { badRequest } from '@spanhouse/http';
import { opentelemetry } from './generated/otlp.js';
import { decodeExportTraceServiceRequest } from './generated/otlp-decode.ts';
import type { RequestLike } from './spans.ts';

const { ExportTraceServiceResponse } = opentelemetry.proto.collector.trace.v1;

/**
 * A protobuf ExportTraceServiceRequest, decoded by code generated from the OTLP .proto files
 * (scripts/gen-otlp-decoder.ts: plain objects, native UTF-8, bytes as views of the body; it reads
 * and refuses exactly what protobufjs's generated decoder does, at a fraction of its cost: `pnpm
 * bench otlp-decode`). 64-bit times come out as exact halves. Garbage and truncated bodies
 * are a 400, never a 500.
 */
export function decodeProtobufRequest(body: Uint8Array): RequestLike {
  try {
    return decodeExportTraceServiceRequest(body);
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
