// The service's own pure row builders, so the bench stores exactly what ingestion stores.

import { batchTraceRows, PriceTable, type ScoreRow, scoreRowOf } from '@spanhouse/ingest-api/pipeline';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { toBatchBody } from '../gen/batch.ts';
import { type GenTrace, hexToUuid, spanUuid } from '../gen/traces.ts';

export type RowBatch = { traces: object[]; observations: object[]; scores: ScoreRow[] };

export const SCORE_NAMES = ['relevance', 'safe', 'tone'] as const;

/** The scores of a generated trace, through the service's score mapping, a minute after it. */
function scoresOf(g: GenTrace, project: string): ScoreRow[] {
  const traceId = hexToUuid(g.traceId);
  const at = (k: number) => (g.timestampMs + 60_000 + k) * 1000;
  const answer = g.spans.find((s) => s.name === 'answer');
  const bodies = [
    { name: 'relevance', value: (Number.parseInt(g.traceId.slice(0, 4), 16) % 100) / 100 },
    { name: 'safe', value: g.traceId.charCodeAt(5) % 10 ? 1 : 0, dataType: 'BOOLEAN' as const },
    {
      name: 'tone',
      value: ['neutral', 'friendly', 'curt'][g.traceId.charCodeAt(6) % 3]!,
      observationId: answer ? spanUuid(answer.spanId) : undefined,
    },
  ];
  return bodies.map((b, k) =>
    scoreRowOf(
      { ...b, traceId },
      { project, id: `${traceId}-${b.name}`, timestampUs: at(k), version: at(k), nowUs: at(k) },
    ),
  );
}

const prices = PriceTable.load();

/** Generated traces of a project to `traces` and `observations` rows, through the batch route's mapping. */
export function rowsOf(traces: GenTrace[], project = DEFAULT_PROJECT_ID): RowBatch {
  const out: RowBatch = { traces: [], observations: [], scores: [] };
  for (const g of traces) {
    const rows = batchTraceRows(toBatchBody(g), prices, project);
    for (const t of rows.traces) out.traces.push(t);
    for (const o of rows.observations) out.observations.push(o);
    for (const sc of scoresOf(g, project)) out.scores.push(sc);
  }
  return out;
}
