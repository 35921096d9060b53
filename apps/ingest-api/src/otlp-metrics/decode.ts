import type { MetricLimits } from '@spanhouse/config';
import { badRequest } from '@spanhouse/http';
import type { OtlpEncoding } from '../otlp/content.ts';
import { parseOtlpJson } from '../otlp/parse-json.ts';
import { MessageBudgetExceeded } from '../protobuf/wire-reader.ts';
import { countMetricsBytes, countMetricsRequest, type MetricsRequestCounts } from './counts.ts';
import { decodeExportMetricsServiceRequest } from './generated/metrics-decode.ts';
import { checkOtlpMetricsJson } from './json-shape.ts';
import type { MetricsRequestLike } from './like.ts';

/**
 * Values besides the points (bucket counts, bounds, quantiles, exemplars) a request may carry per
 * sample it may store: room for exponential histograms sent at a finer resolution than they are stored at (a point of
 * 100,000 buckets is stored at 160), while the decoded values, an object each, stay bounded.
 */
export const VALUES_PER_SAMPLE = 10;

/**
 * Sub-messages a protobuf request may decode per sample it may store: a data point is one, each of
 * its attributes two (the key-value and its value), each exemplar one more; room for points of a
 * dozen attributes on average at the samples bound. Every sub-message is an object once decoded,
 * and an empty one takes 2 bytes, so it is the decoder that stops at this (MessageBudgetExceeded).
 */
export const MESSAGES_PER_SAMPLE = 32;

/**
 * An ExportMetricsServiceRequest from protobuf (decoder generated from the vendored .proto files)
 * or OTLP/JSON. 400 when the body is not one; the points' own fields are checked as they are
 * mapped, so one bad point does not sink the others. 400 too for a request past the hard bounds of
 * `limits`, judged on a protobuf body's bytes before they are decoded (countMetricsBytes): more
 * data points than samples one request may store (each point is at least one sample, so it could
 * never be stored whole), or more other values than VALUES_PER_SAMPLE times that; and a protobuf
 * request whose decoding would make more than MESSAGES_PER_SAMPLE sub-messages per sample (a JSON
 * body, its equivalent in JSON items, counted on the text before it is parsed: parse-json.ts).
 */
export function decodeMetricsRequest(encoding: OtlpEncoding, body: Buffer, limits: MetricLimits): MetricsRequestLike {
  const maxMessages = limits.samplesPerRequest * MESSAGES_PER_SAMPLE;
  if (encoding === 'protobuf') {
    const counts = countMetricsBytes(body);
    if (counts) refuseOversized(counts, limits);
    try {
      return decodeExportMetricsServiceRequest(body, maxMessages);
    } catch (err) {
      if (err instanceof MessageBudgetExceeded) {
        throw badRequest(
          `request holds more than ${maxMessages} messages (data points, attributes, exemplars, ...: ${MESSAGES_PER_SAMPLE} times METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
        );
      }
      throw badRequest(`request body is not a protobuf ExportMetricsServiceRequest: ${(err as Error).message}`);
    }
  }
  const request = checkOtlpMetricsJson(parseOtlpJson(body, maxMessages));
  refuseOversized(countMetricsRequest(request), limits);
  return request;
}

function refuseOversized(counts: MetricsRequestCounts, limits: MetricLimits): void {
  const samples = limits.samplesPerRequest;
  if (counts.points > samples) {
    throw badRequest(
      `request holds ${counts.points} data points, more than the ${samples} samples one request may store (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
    );
  }
  if (counts.values > samples * VALUES_PER_SAMPLE) {
    throw badRequest(
      `request holds ${counts.values} bucket counts, bounds, quantiles and exemplars, more than ${samples * VALUES_PER_SAMPLE} (${VALUES_PER_SAMPLE} times METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
    );
  }
}
