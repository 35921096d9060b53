import { badRequest } from '@spanhouse/http';
import type { IngestDeps } from '../deps.ts';
import { traceRowsForSubmit } from '../traces/encode.ts';
import { rowsOfPieces } from '../traces/rows.ts';
import type { OtlpEncoding } from './content.ts';
import { decodeJsonRequest } from './decode-json.ts';
import { decodeProtobufRequest } from './decode-protobuf.ts';
import { mapExport } from './map-export.ts';
import { rejectionMessage } from './rejections.ts';
import { collectSpans, type OtlpSpan } from './spans.ts';

export type IngestResult = { accepted: number; rejected?: { count: number; message: string } };

type Prepared = { rows: Record<string, object[]> | undefined; result: IngestResult };

/** The rows to store (already encoded, see traceRowsForSubmit) and the reply, worked out at once. */
function prepare(deps: IngestDeps, spans: OtlpSpan[]): Prepared {
  const mapped = mapExport(spans, Date.now() * 1000);
  if (mapped.accepted === 0 && mapped.rejected.length > 0) throw badRequest(rejectionMessage(mapped.rejected, 'span'));
  const { observations, traces } = rowsOfPieces(mapped.traces, deps.prices);
  const result: IngestResult =
    mapped.rejected.length > 0
      ? {
          accepted: mapped.accepted,
          rejected: { count: mapped.rejected.length, message: rejectionMessage(mapped.rejected, 'span') },
        }
      : { accepted: mapped.accepted };
  return { rows: traces.length > 0 ? traceRowsForSubmit(observations, traces) : undefined, result };
}

async function commit(deps: IngestDeps, { rows, result }: Prepared): Promise<IngestResult> {
  if (rows) await deps.ingestor.submit(rows);
  return result;
}

/**
 * Decodes an OTLP body (protobuf or JSON), maps its spans to trace pieces and stores them exactly
 * as the batch endpoint does (buildTraceRows, then one ingestor.submit that resolves once
 * committed). When no span is usable the export is a 400 and nothing is stored; when some are,
 * those are stored and the rest reported as a partial success. Not async itself: the decoded
 * request, the mapped export and the row objects are garbage by the time the commit is awaited, so
 * nothing but the encoded rows waits with it.
 */
export function ingestOtlpBody(deps: IngestDeps, encoding: OtlpEncoding, body: Buffer): Promise<IngestResult> {
  try {
    const request = encoding === 'protobuf' ? decodeProtobufRequest(body) : decodeJsonRequest(body);
    return commit(deps, prepare(deps, collectSpans(request)));
  } catch (err) {
    return Promise.reject(err);
  }
}
