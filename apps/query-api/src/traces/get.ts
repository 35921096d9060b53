import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { type ObservationOutput, type TraceDetail, traceIdForms } from '@spanhouse/schema';
import {
  decodeObservationTuple,
  decodeScoreTuple,
  fromProject,
  fromTraceOwnRow,
  OBSERVATION_TUPLE,
  observationTupleIndex,
  SCORE_TUPLE,
  SCORE_TUPLES_NEWEST_FIRST,
  type StoredObservation,
  TABLES,
  type TraceOwnFields,
  traceIdColumn,
  traceOwnSelect,
} from '@spanhouse/store';
import { toObservationOutput } from '../observations/output.ts';
import { toScoreOutput } from '../scores/output.ts';
import { traceOutput } from './output.ts';
import { ALL_FIELD_GROUPS, type FieldGroup } from './params.ts';
import type { RecentMisses } from './recent-misses.ts';

/** Observations by start time, then id. */
const BY_START = `o -> (o.${observationTupleIndex('start_us')}, o.${observationTupleIndex('id')})`;

/**
 * One trace with all its observations (ordered by start time, then id) and scores (newest first),
 * or undefined when unknown. Three reads at once, one per table, each on a reader of its own: each
 * is a point read by key, and side by side they answer in the time of the slowest instead of the
 * sum (as scalar subqueries of one query they ran one after another). Observations and scores come
 * as arrays of positional tuples. An id in `misses` (not found a moment ago: a client polling for
 * what it has just sent) is looked up in the traces table alone first, its other two reads made
 * once it is there; an id not found is added to it. `fields` (default every group) leaves groups
 * out as the list does, with its placeholders; the observations are read for the observations or
 * the metrics group, the scores for the scores group only.
 */
export async function getTrace(
  db: Db,
  project: string,
  id: string,
  opts: { signal?: AbortSignal; misses?: RecentMisses; fields?: ReadonlySet<FieldGroup> } = {},
): Promise<TraceDetail | undefined> {
  const groups = opts.fields ?? ALL_FIELD_GROUPS;
  const reads = traceReads(db, project, id, opts.signal);
  const readObservations = () =>
    groups.has('observations') || groups.has('metrics') ? reads.observations() : Promise.resolve([]);
  const readScores = () => (groups.has('scores') ? reads.scores() : Promise.resolve([]));
  if (opts.misses?.has(project, id)) {
    const rows = await reads.trace();
    const row = rows.find((r) => r.id === id) ?? rows[0];
    if (!row) return undefined;
    opts.misses.delete(project, id);
    const [observations, scores] = await Promise.all([readObservations(), readScores()]);
    return detail(row, project, groups, observations, scores);
  }
  const [rows, observations, scores] = await Promise.all([reads.trace(), readObservations(), readScores()]);
  const row = rows.find((r) => r.id === id) ?? rows[0];
  if (!row) {
    opts.misses?.add(project, id);
    return undefined;
  }
  return detail(row, project, groups, observations, scores);
}

/**
 * The three point reads of one trace: its row, its observations, its scores. An id with two OTLP
 * forms (traceIdForms) reads both: the trace row of each (at most two), the observations and
 * scores of either.
 */
function traceReads(db: Db, project: string, id: string, signal: AbortSignal | undefined) {
  const p = new ProjectParams(project);
  const forms = traceIdForms(id);
  const idParam = forms.length === 1 ? p.add(id, 'String') : undefined;
  const idsParam = forms.length === 1 ? undefined : p.add(forms, 'Array(String)');
  const ofTrace = (table: string) =>
    idParam ? { trace: idParam } : { filters: [`${table}.${traceIdColumn(table)} IN ${idsParam}`] };
  return {
    trace: () =>
      queryRows(db, {
        sql: `SELECT ${traceOwnSelect} ${fromProject(TABLES.traces, p, { final: true, ...ofTrace(TABLES.traces) })}`,
        params: p.params,
        tag: 'traces.get',
        map: fromTraceOwnRow,
        signal,
      }),
    observations: async () =>
      (
        await queryRows(db, {
          sql: `SELECT arraySort(${BY_START}, groupArray(${OBSERVATION_TUPLE})) AS rows
        ${fromProject(TABLES.observationPieces, p, { final: true, ...ofTrace(TABLES.observationPieces) })}`,
          params: p.params,
          tag: 'traces.get.observations',
          map: (r) => (Array.isArray(r.rows) ? r.rows.map(decodeObservationTuple) : []),
          signal,
        })
      )[0] ?? [],
    scores: async () =>
      (
        await queryRows(db, {
          sql: `SELECT arraySort(${SCORE_TUPLES_NEWEST_FIRST}, groupArray(${SCORE_TUPLE})) AS rows
        ${fromProject(TABLES.scores, p, { final: true, ...ofTrace(TABLES.scores) })}`,
          params: p.params,
          tag: 'traces.get.scores',
          map: (r) => (Array.isArray(r.rows) ? r.rows.map(decodeScoreTuple) : []),
          signal,
        })
      )[0] ?? [],
  };
}

/** The detail answer; a group left out keeps its keys with the list's placeholders. */
function detail(
  t: TraceOwnFields,
  project: string,
  groups: ReadonlySet<FieldGroup>,
  observations: StoredObservation[],
  scores: ReturnType<typeof decodeScoreTuple>[],
): TraceDetail {
  const outputs = observations.map((o) => toObservationOutput(o, t.environment, project));
  const io = groups.has('io');
  const totals = groups.has('metrics') ? observationTotals(observations, outputs) : { latency: -1, totalCost: -1 };
  return {
    ...traceOutput({ ...t, ...totals }, project),
    input: io ? t.input : null,
    output: io ? t.output : null,
    metadata: io ? t.metadata : {},
    observations: groups.has('observations') ? outputs : [],
    scores: scores.map(toScoreOutput),
  };
}

/**
 * A trace's latency and cost from the observations its detail shows: from the earliest start to
 * the latest start or end, in seconds, and the sum of their calculated costs (0 and 0 without
 * observations): the values the list reads from the trace row's observation maps (up to the order
 * the costs are summed in), taken from the observations read anyway; the maps are most of the
 * trace row's bytes.
 */
function observationTotals(
  observations: readonly StoredObservation[],
  outputs: readonly ObservationOutput[],
): { latency: number; totalCost: number } {
  if (observations.length === 0) return { latency: 0, totalCost: 0 };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const o of observations) {
    first = Math.min(first, o.startUs);
    last = Math.max(last, o.startUs, o.endUs ?? o.startUs);
  }
  let totalCost = 0;
  for (const o of outputs) totalCost += o.calculatedTotalCost ?? 0;
  return { latency: (last - first) / 1e6, totalCost };
}
