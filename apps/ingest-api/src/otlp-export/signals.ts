import { badRequest } from '@spanhouse/http';
import { METRIC_LIMITS } from '@spanhouse/schema';
import type { IngestDeps } from '../deps.ts';
import { storeMetricPoints } from '../metrics/store.ts';
import type { OtlpEncoding } from '../otlp/content.ts';
import { partialSuccess, rejectionMessage } from '../otlp/rejections.ts';
import { countingCuts } from '../otlp/values.ts';
import { prepareLogsBody } from '../otlp-logs/export-rows.ts';
import { decodeMetricsRequest } from '../otlp-metrics/decode.ts';
import { mapMetricsExport } from '../otlp-metrics/map.ts';
import { exportRows, type PreparedExport } from '../otlp-traces/export-rows.ts';
import { exportResponse } from '../protobuf/partial-success.ts';

/** Items of an export that were not stored: how many, and why (rejectionMessage). */
export type Rejected = { count: number; message: string };

/**
 * How a transport has the rows stored (Ingestor.store): answered once durable or once committed,
 * and told when durable (the request then holds no more of the admission budget).
 */
export type StoreOptions = { waitForCommit: boolean; onDurable?: () => void };

/**
 * One OTLP signal as every transport receives it (OTLP/HTTP in routes/, OTLP/gRPC in grpc/): the
 * decode → map → rows → append path is this one function per signal, whatever carried the bytes.
 */
export type OtlpSignal = {
  /**
   * Decodes, maps and stores one export request into `project` (the caller's, as authentication
   * resolved it); resolves with the items not stored. Throws 400 for a bad request and the log's
   * own errors as they are, for the transport to answer.
   */
  ingest(project: string, encoding: OtlpEncoding, body: Buffer, store: StoreOptions): Promise<Rejected | undefined>;
  /** The Export*ServiceResponse: empty, or partial_success. */
  protobufReply(rejected: Rejected | undefined): ArrayBuffer;
  /** The same in the protobuf JSON mapping (int64 counts as decimal strings). */
  jsonReply(rejected: Rejected | undefined): Record<string, unknown>;
};

/** The protobuf JSON mapping of partial_success, its count under `countKey` (int64: a decimal string). */
const partialSuccessJson =
  (countKey: string) =>
  (r: Rejected | undefined): Record<string, unknown> =>
    r ? { partialSuccess: { [countKey]: String(r.count), errorMessage: r.message } } : {};

/** A signal whose export maps to rows at once (traces, logs): store them if any, answer what was rejected. */
function preparedSignal(
  deps: IngestDeps,
  prepare: (project: string, encoding: OtlpEncoding, body: Buffer) => PreparedExport,
  countKey: string,
): OtlpSignal {
  return {
    async ingest(project, encoding, body, store) {
      const { rows, result } = prepare(project, encoding, body);
      if (rows) await deps.ingestor.store(rows, store);
      return result.rejected;
    },
    protobufReply: exportResponse,
    jsonReply: partialSuccessJson(countKey),
  };
}

/** Traces: spans to trace pieces (otlp/); spans present but none usable a 400, an empty export a success. */
export function tracesSignal(deps: IngestDeps): OtlpSignal {
  return preparedSignal(deps, (p, e, b) => exportRows(deps, p, e, b), 'rejectedSpans');
}

/** The note on label values cut to the limit, naming (some of) the attributes; none when none was cut. */
function cutValuesNote(attributes: string[]): string[] {
  if (attributes.length === 0) return [];
  const named = attributes.slice(0, 5).join(', ') + (attributes.length > 5 ? ', ...' : '');
  return [
    `attribute values longer than ${METRIC_LIMITS.labelValueMax} characters cut to ${METRIC_LIMITS.labelValueMax} (${named})`,
  ];
}

/** The note on exponential histograms stored at a lower scale than sent; none when none was. */
function reducedNote(points: number, limit: number): string[] {
  if (points === 0) return [];
  const what = points === 1 ? 'exponential histogram point' : 'exponential histogram points';
  return [`${points} ${what} with more than ${limit} buckets stored at a lower scale (METRICS_HISTOGRAM_BUCKET_LIMIT)`];
}

/** Metrics: points by the series ids this process shares across its metrics paths; points present but none usable a 400, an empty export a success. */
export function metricsSignal(deps: IngestDeps): OtlpSignal {
  return {
    async ingest(project, encoding, body, store) {
      const limits = deps.config.metricLimits;
      const request = decodeMetricsRequest(encoding, body, limits);
      const { value: mapped, cuts } = countingCuts(() => mapMetricsExport(request, deps.knownSeries, project, limits));
      if (mapped.accepted === 0 && mapped.rejected.length > 0) {
        throw badRequest(rejectionMessage(mapped.rejected, 'data point'));
      }
      const rejected = partialSuccess(mapped.rejected, 'data point', cuts, [
        ...cutValuesNote(mapped.cutAttributes),
        ...reducedNote(mapped.reducedHistograms, limits.histogramBuckets),
      ]);
      await storeMetricPoints(deps, mapped.points, store);
      return rejected;
    },
    protobufReply: exportResponse,
    jsonReply: partialSuccessJson('rejectedDataPoints'),
  };
}

/** Logs: GenAI events to their span's input and output, other records to EVENT observations (otlp-logs/). */
export function logsSignal(deps: IngestDeps): OtlpSignal {
  return preparedSignal(deps, (p, e, b) => prepareLogsBody(deps, p, e, b), 'rejectedLogRecords');
}
