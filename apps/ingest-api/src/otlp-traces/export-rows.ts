import { badRequest } from '@spanhouse/http';
import type { TableRows } from '@spanhouse/store';
import type { IngestDeps } from '../deps.ts';
import type { OtlpEncoding } from '../otlp/content.ts';
import { partialSuccess, rejectionMessage } from '../otlp/rejections.ts';
import { countingCuts } from '../otlp/values.ts';
import { rowsOfPieces, traceTableRows } from '../traces/pieces.ts';
import { decodeJsonRequest } from './decode-json.ts';
import { decodeProtobufRequest } from './decode-protobuf.ts';
import { mapExport } from './map-export.ts';
import { collectSpans, type OtlpSpan } from './spans.ts';

export type ExportResult = { accepted: number; rejected?: { count: number; message: string } };

export type PreparedExport = { rows: TableRows | undefined; result: ExportResult };

/** The rows to store (already encoded) and the reply, worked out at once. */
function prepare(deps: IngestDeps, project: string, spans: OtlpSpan[], cuts = 0): PreparedExport {
  const mapped = mapExport(spans, Date.now() * 1000);
  const mappedRejections = mapped.rejected.length;
  const { observations, traces } = rowsOfPieces(project, mapped.traces, deps.prices, mapped.rejected);
  const accepted = mapped.accepted - (mapped.rejected.length - mappedRejections);
  if (traces.length === 0 && mapped.rejected.length > 0) throw badRequest(rejectionMessage(mapped.rejected, 'span'));
  const rejected = partialSuccess(mapped.rejected, 'span', cuts);
  const result: ExportResult = rejected ? { accepted, rejected } : { accepted };
  return { rows: traces.length > 0 ? traceTableRows({ observations, traces }) : undefined, result };
}

/**
 * Decodes an OTLP body (protobuf or JSON) and maps its spans to a project's trace pieces exactly as the batch
 * endpoint does (rowsOfPieces), encoded for the ingestor. When no span is usable the export is a
 * 400; when some are, those are stored and the rest reported as a partial success. Synchronous:
 * the decoded request, the mapped export and the row objects are garbage by the time the rows are
 * stored, so nothing but the encoded bytes waits for the log.
 */
export function exportRows(deps: IngestDeps, project: string, encoding: OtlpEncoding, body: Buffer): PreparedExport {
  const request = encoding === 'protobuf' ? decodeProtobufRequest(body) : decodeJsonRequest(body);
  const { value: spans, cuts } = countingCuts(() => collectSpans(request));
  return prepare(deps, project, spans, cuts);
}
