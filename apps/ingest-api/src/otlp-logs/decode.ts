import { badRequest } from '@spanhouse/http';
import type { OtlpEncoding } from '../otlp/content.ts';
import { parseOtlpJson } from '../otlp/parse-json.ts';
import { decodeExportLogsServiceRequest } from './generated/logs-decode.ts';
import { checkOtlpLogsJson } from './json-shape.ts';
import type { LogsRequestLike } from './records.ts';

/**
 * An ExportLogsServiceRequest from protobuf (decoder generated from the vendored .proto files) or
 * OTLP/JSON. 400 when the body is not one; the records' own fields are checked as they are
 * mapped, so one bad record does not sink the others.
 */
export function decodeLogsRequest(encoding: OtlpEncoding, body: Buffer): LogsRequestLike {
  if (encoding === 'protobuf') {
    try {
      return decodeExportLogsServiceRequest(body);
    } catch (err) {
      throw badRequest(`request body is not a protobuf ExportLogsServiceRequest: ${(err as Error).message}`);
    }
  }
  return checkOtlpLogsJson(parseOtlpJson(body));
}
