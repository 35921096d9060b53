import type { OtlpEncoding } from '../otlp/content.ts';
import { decodeWithinBudget, OTLP_MAX_MESSAGES } from '../otlp/message-budget.ts';
import { parseOtlpJson } from '../otlp/parse-json.ts';
import { decodeExportLogsServiceRequest } from './generated/logs-decode.ts';
import { checkOtlpLogsJson } from './json-shape.ts';
import type { LogsRequestLike } from './records.ts';

/**
 * An ExportLogsServiceRequest from protobuf (decoder generated from the vendored .proto files) or
 * OTLP/JSON. 400 when the body is not one, or holds more sub-messages than one request may decode
 * (OTLP_MAX_MESSAGES; in JSON, counted as items before the parse: parse-json.ts); the records' own
 * fields are checked as they are mapped, so one bad record does not sink the others.
 */
export function decodeLogsRequest(encoding: OtlpEncoding, body: Buffer): LogsRequestLike {
  if (encoding === 'protobuf') {
    return decodeWithinBudget('ExportLogsServiceRequest', (max) => decodeExportLogsServiceRequest(body, max));
  }
  return checkOtlpLogsJson(parseOtlpJson(body, OTLP_MAX_MESSAGES));
}
