// The service's own pure row builders, so the bench stores exactly what ingestion stores.

import { PriceTable } from '../../../apps/ingest-api/src/pricing/prices.ts';
import { fromBatch } from '../../../apps/ingest-api/src/traces/from-batch.ts';
import { buildTraceRows, nextVersion } from '../../../apps/ingest-api/src/traces/rows.ts';
import { toBatchBody } from '../gen/batch.ts';
import type { GenTrace } from '../gen/traces.ts';

export type RowBatch = { traces: object[]; observations: object[] };

const prices = PriceTable.load();

/** Generated traces to `traces` and `observations` rows, through the batch route's mapping. */
export function rowsOf(traces: GenTrace[]): RowBatch {
  const out: RowBatch = { traces: [], observations: [] };
  for (const g of traces) {
    const { piece, observations } = fromBatch(toBatchBody(g));
    const rows = buildTraceRows(piece, observations, prices, nextVersion());
    out.traces.push(rows.trace);
    for (const o of rows.observations) out.observations.push(o);
  }
  return out;
}
