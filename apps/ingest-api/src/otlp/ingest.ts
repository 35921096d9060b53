import { badRequest } from '@spanhouse/http';
import type { IngestDeps } from '../deps.ts';
import type { TableRows } from '../ingest/ingestor.ts';
import { traceTableRows } from '../traces/encode.ts';
import { buildTraceRows, nextVersion, type ObservationRow, type TraceRow, toObservationRow } from '../traces/rows.ts';
import type { OtlpEncoding } from './content.ts';
import { decodeJsonRequest } from './decode-json.ts';
import { decodeProtobufRequest } from './decode-protobuf.ts';
import { mapExport, type TraceBatch } from './map-export.ts';
import { collectSpans, type OtlpSpan } from './spans.ts';

/**
 * The rows of one trace of the export. Should writing an observation's row fail, whatever it
 * holds, that observation alone is rejected and the rest of its trace stored; should the trace's
 * own fields fail, the trace's spans are rejected and the export's other traces stored.
 */
function traceRowsIsolating(deps: IngestDeps, batch: TraceBatch, rejected: string[]) {
  const version = nextVersion();
  try {
    return buildTraceRows(batch.piece, batch.observations, deps.prices, version);
  } catch {
    const kept = batch.observations.filter((o) => {
      try {
        toObservationRow(o, version, deps.prices);
        return true;
      } catch (err) {
        rejected.push(
          `span ${o.id} of trace ${batch.piece.id}: could not be stored (${(err as Error)?.message ?? err})`,
        );
        return false;
      }
    });
    try {
      return buildTraceRows(batch.piece, kept, deps.prices, version);
    } catch (err) {
      for (const o of kept) {
        rejected.push(
          `span ${o.id}: its trace ${batch.piece.id} could not be stored (${(err as Error)?.message ?? err})`,
        );
      }
      return undefined;
    }
  }
}

/** At most this many rejection reasons are listed in a reply; the count says how many there were. */
const MAX_REASONS = 5;

export type IngestResult = { accepted: number; rejected?: { count: number; message: string } };

function rejectionMessage(reasons: string[]): string {
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? ` (and ${reasons.length - MAX_REASONS} more)` : '';
  return `${reasons.length} span${reasons.length === 1 ? '' : 's'} rejected: ${shown}${more}`;
}

export type PreparedExport = { rows: TableRows | undefined; result: IngestResult };

/** The rows to store (already encoded) and the reply, worked out at once. */
function prepare(deps: IngestDeps, spans: OtlpSpan[]): PreparedExport {
  const mapped = mapExport(spans, Date.now() * 1000);
  const observations: ObservationRow[] = [];
  const traces: TraceRow[] = [];
  const mappedRejections = mapped.rejected.length;
  for (const batch of mapped.traces) {
    const rows = traceRowsIsolating(deps, batch, mapped.rejected);
    if (!rows) continue;
    for (const row of rows.observations) observations.push(row);
    traces.push(rows.trace);
  }
  mapped.accepted -= mapped.rejected.length - mappedRejections;
  if (traces.length === 0 && mapped.rejected.length > 0) throw badRequest(rejectionMessage(mapped.rejected));
  const result: IngestResult =
    mapped.rejected.length > 0
      ? {
          accepted: mapped.accepted,
          rejected: { count: mapped.rejected.length, message: rejectionMessage(mapped.rejected) },
        }
      : { accepted: mapped.accepted };
  return { rows: traces.length > 0 ? traceTableRows(observations, traces) : undefined, result };
}

/**
 * Decodes an OTLP body (protobuf or JSON) and maps its spans to trace pieces exactly as the batch
 * endpoint does (buildTraceRows), encoded for the ingestor. When no span is usable the export is
 * a 400; when some are, those are stored and the rest reported as a partial success. Synchronous:
 * the decoded request, the mapped export and the row objects are garbage by the time the rows are
 * stored, so nothing but the encoded bytes waits for the log.
 */
export function prepareOtlpBody(deps: IngestDeps, encoding: OtlpEncoding, body: Buffer): PreparedExport {
  const request = encoding === 'protobuf' ? decodeProtobufRequest(body) : decodeJsonRequest(body);
  return prepare(deps, collectSpans(request));
}
