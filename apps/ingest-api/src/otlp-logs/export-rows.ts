import type { IngestDeps } from '../deps.ts';
import type { OtlpEncoding } from '../otlp/content.ts';
import { partialSuccess } from '../otlp/rejections.ts';
import { countingCuts } from '../otlp/values.ts';
import type { PreparedExport } from '../otlp-traces/export-rows.ts';
import { rowsOfPieces, traceTableRows } from '../traces/pieces.ts';
import { decodeLogsRequest } from './decode.ts';
import { mapLogsExport } from './map.ts';
import { collectLogRecords } from './records.ts';

/**
 * Decodes an OTLP logs body (protobuf or JSON) and maps its records to a project's trace pieces (map.ts),
 * encoded for the ingestor, as the trace export's rows are built (rowsOfPieces). Records that
 * cannot be stored are reported as a partial success, also when that is all of them: a well-formed
 * export of log lines outside any trace is not a bad request, and the exporter is told why in the
 * reply instead of retrying or dropping it silently. Only an undecodable body is a 400.
 */
export function prepareLogsBody(
  deps: Pick<IngestDeps, 'prices'>,
  project: string,
  encoding: OtlpEncoding,
  body: Buffer,
): PreparedExport {
  const request = decodeLogsRequest(encoding, body);
  const { value: records, cuts } = countingCuts(() => collectLogRecords(request));
  const mapped = mapLogsExport(records, Date.now() * 1000);
  const mappedRejections = mapped.rejected.length;
  const { observations, traces } = rowsOfPieces(project, mapped.traces, deps.prices, mapped.rejected);
  const accepted = mapped.accepted - (mapped.rejected.length - mappedRejections);
  const rows = traces.length > 0 ? traceTableRows({ observations, traces }) : undefined;
  const rejected = partialSuccess(mapped.rejected, 'log record', cuts);
  return { rows, result: rejected ? { accepted, rejected } : { accepted } };
}
