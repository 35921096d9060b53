import { TABLES } from '@spanhouse/db';
import { badRequest } from '@spanhouse/http';
import type { IngestDeps } from '../deps.ts';
import { buildTraceRows, nextVersion } from '../traces/rows.ts';
import { mapExport } from './map-export.ts';
import type { OtlpSpan } from './spans.ts';

/** At most this many rejection reasons are listed in a reply; the count says how many there were. */
const MAX_REASONS = 5;

export type IngestResult = { accepted: number; rejected?: { count: number; message: string } };

function rejectionMessage(reasons: string[]): string {
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? ` (and ${reasons.length - MAX_REASONS} more)` : '';
  return `${reasons.length} span${reasons.length === 1 ? '' : 's'} rejected: ${shown}${more}`;
}

/**
 * Maps an export's spans to trace pieces and stores them exactly as the batch endpoint does
 * (buildTraceRows, then one ingestor.submit that resolves once committed). When no span is usable
 * the export is a 400 and nothing is stored; when some are, those are stored and the rest reported
 * as a partial success.
 */
export async function ingestSpans(deps: IngestDeps, spans: OtlpSpan[]): Promise<IngestResult> {
  const mapped = mapExport(spans, Date.now() * 1000);
  if (mapped.accepted === 0 && mapped.rejected.length > 0) throw badRequest(rejectionMessage(mapped.rejected));
  const observations: object[] = [];
  const traces: object[] = [];
  for (const { piece, observations: records } of mapped.traces) {
    const rows = buildTraceRows(piece, records, deps.prices, nextVersion());
    observations.push(...rows.observations);
    traces.push(rows.trace);
  }
  if (traces.length > 0) {
    await deps.ingestor.submit({ [TABLES.observations]: observations, [TABLES.traces]: traces });
  }
  return mapped.rejected.length > 0
    ? {
        accepted: mapped.accepted,
        rejected: { count: mapped.rejected.length, message: rejectionMessage(mapped.rejected) },
      }
    : { accepted: mapped.accepted };
}
