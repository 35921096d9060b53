// The service's own pure row builders, so the bench stores exactly what ingestion stores.
import { batchTraceRows, PriceTable } from '@spanhouse/ingest-api/pipeline';
import { toBatchBody } from '../gen/batch.ts';
import type { GenTrace } from '../gen/traces.ts';

export type RowBatch = { traces: object[]; observations: object[] };

const prices = PriceTable.load();

/** Generated traces to `traces` and `observations` rows, through the batch route's mapping. */
export function rowsOf(traces: GenTrace[]): RowBatch {
  const out: RowBatch = { traces: [], observations: [] };
  for (const g of traces) {
    const rows = batchTraceRows(toBatchBody(g), prices);
    for (const t of rows.traces) out.traces.push(t);
    for (const o of rows.observations) out.observations.push(o);
  }
  return out;
}
