import { chToIso, PROJECT_ID, type ScoreOutput } from '@spanhouse/schema';
import { parseJsonText } from '../traces/from-row.ts';

/** What every score reader selects from `scores` (clickhouse/0008) read with FINAL, by output name. */
export const SCORE_FIELDS: [name: string, expr: string][] = [
  ['id', 'id'],
  ['trace_id', 'trace_id'],
  ['timestamp', 'timestamp'],
  ['created_at', 'created_at'],
  ['name', 'name'],
  ['value', 'value'],
  ['string_value', 'string_value'],
  ['data_type', 'data_type'],
  ['source', 'source'],
  ['observation_id', 'observation_id'],
  ['session_id', 'session_id'],
  ['dataset_run_id', 'dataset_run_id'],
  ['comment', 'comment'],
  ['metadata', 'metadata'],
  ['environment', 'environment'],
  ['config_id', 'config_id'],
  ['queue_id', 'queue_id'],
];

export const SCORE_SELECT = SCORE_FIELDS.map(([name, expr]) => `${expr} AS ${name}`).join(', ');
export const SCORE_TUPLE = `(${SCORE_FIELDS.map(([, expr]) => expr).join(', ')})`;

export function scoreTupleToRow(tuple: unknown): Record<string, unknown> {
  const values = Array.isArray(tuple) ? tuple : [];
  return Object.fromEntries(SCORE_FIELDS.map(([name], i) => [name, values[i]]));
}

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));
const orNull = (x: unknown) => (x === '' || x === null || x === undefined ? null : str(x));

/**
 * A stored score as Langfuse's public API shows it (Score, discriminated by dataType): NUMERIC
 * has no stringValue, TEXT has no value. createdAt and updatedAt are when this version was stored.
 */
export function fromScoreRow(r: Record<string, unknown>): ScoreOutput {
  const dataType = str(r.data_type) as ScoreOutput['dataType'];
  const stored = chToIso(str(r.created_at));
  const metadata = parseJsonText(r.metadata);
  const score: ScoreOutput = {
    id: str(r.id),
    projectId: PROJECT_ID,
    traceId: orNull(r.trace_id),
    observationId: orNull(r.observation_id),
    sessionId: orNull(r.session_id),
    datasetRunId: orNull(r.dataset_run_id),
    name: str(r.name),
    source: str(r.source) as ScoreOutput['source'],
    dataType,
    timestamp: chToIso(str(r.timestamp)),
    createdAt: stored,
    updatedAt: stored,
    authorUserId: null,
    comment: orNull(r.comment),
    metadata: metadata && typeof metadata === 'object' ? metadata : {},
    configId: orNull(r.config_id),
    queueId: orNull(r.queue_id),
    executionTraceId: null,
    environment: str(r.environment) || 'default',
  };
  if (dataType !== 'TEXT') score.value = Number(r.value);
  if (dataType !== 'NUMERIC') score.stringValue = str(r.string_value);
  return score;
}
