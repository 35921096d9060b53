import { decodeWithinBudget } from '../otlp/message-budget.ts';
import { decodeExportTraceServiceRequest } from './generated/otlp-decode.ts';
import type { RequestLike } from './spans.ts';

/**
 * A protobuf ExportTraceServiceRequest, decoded by code generated from the OTLP .proto files
 * (scripts/gen-otlp-decoder.ts: plain objects, native UTF-8, bytes as views of the body; it reads
 * and refuses exactly what protobufjs's generated decoder does, and costs less: `pnpm bench
 * otlp-decode`, docs/decisions/0007-otlp-decoding.md). 64-bit times come out as exact halves.
 * Garbage and truncated bodies are a 400, never a 500; so is a body of more sub-messages than one
 * request may decode (OTLP_MAX_MESSAGES).
 */
export function decodeProtobufRequest(body: Uint8Array): RequestLike {
  return decodeWithinBudget('ExportTraceServiceRequest', (max) => decodeExportTraceServiceRequest(body, max));
}
