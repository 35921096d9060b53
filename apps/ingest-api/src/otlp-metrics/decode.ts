import { badRequest } from '@spanhouse/http';
import type { OtlpEncoding } from '../otlp/content.ts';
import { parseOtlpJson } from '../otlp/parse-json.ts';
import { decodeExportMetricsServiceRequest } from './generated/metrics-decode.ts';
import { checkOtlpMetricsJson } from './json-shape.ts';
import type { MetricsRequestLike } from './like.ts';

/**
 * An ExportMetricsServiceRequest from protobuf (decoder generated from the vendored .proto files)
 * or OTLP/JSON. 400 when the body is not one; the points' own fields are checked as they are
 * mapped, so one bad point does not sink the others.
 */
export function decodeMetricsRequest(encoding: OtlpEncoding, body: Buffer): MetricsRequestLike {
  if (encoding === 'protobuf') {
    try {
      return decodeExportMetricsServiceRequest(body);
    } catch (err) {
      throw badRequest(`request body is not a protobuf ExportMetricsServiceRequest: ${(err as Error).message}`);
    }
  }
  return checkOtlpMetricsJson(parseOtlpJson(body));
}
