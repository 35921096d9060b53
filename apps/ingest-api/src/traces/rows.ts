import { microsToCh } from '@spanhouse/schema';
import {
  EMPTY_SPAN,
  FIELD_KEYS,
  jsonOf,
  jsonText,
  type ObservationRow,
  type TraceRow,
  type Versioned,
  impliedVersion,
  PRICED_AT_READ,
  versioned,
  WEAK_VERSION,
} from '@spanhouse/store';
import type { PriceTable } from '../pricing/prices.ts';
import { usageCost } from '../pricing/usage-cost.ts';
import type { CostDetails, ObservationRecord, PieceField, TracePiece, UsageDetails } from './model.ts';

/** Defined, finite, non-negative entries of a usage or cost map; undefined when none. */
function details(map: UsageDetails | CostDetails | undefined): Record<string, number> | undefined {
  if (!map) return undefined;
  let out: Record<string, number> | undefined;
  for (const key in map) {
    const n = map[key];
    if (n === undefined || !Number.isFinite(n) || n < 0) continue;
    // Keys are the client's: a null-prototype object, where "__proto__" is a key like any other.
    out ??= Object.create(null) as Record<string, number>;
    out[key] = n;
  }
  return out;
}

/** Usage with its total: the given `total`, else the sum of the other kinds (Langfuse's rule). */
export function resolveUsage(usage: UsageDetails | undefined): Record<string, number> | undefined {
  const out = details(usage);
  if (!out || out.total !== undefined) return out;
  let total = 0;
  for (const key in out) total += out[key]!;
  out.total = total;
  return out;
}

/** Matches the usage kinds counted as input or output tokens: ASCII case-insensitive, as Langfuse's. */
const INPUT_KIND = /input/i;
const OUTPUT_KIND = /output/i;

/**
 * Units of the kinds whose name contains "input" and of those containing "output" (Langfuse's
 * inputUsage and outputUsage: `input_cached_tokens` is input, `output_reasoning_tokens` output; a
 * name containing both counts in both). `total` is neither.
 */
export function usageKinds(usage: Record<string, number>): { input: number; output: number } {
  let input = 0;
  let output = 0;
  for (const key in usage) {
    if (INPUT_KIND.test(key)) input += usage[key]!;
    if (OUTPUT_KIND.test(key)) output += usage[key]!;
  }
  return { input, output };
}

/** A provided cost's total: `total`, else the sum of the other kinds. */
export function costTotal(cost: Record<string, number>): number {
  if (cost.total !== undefined) return cost.total;
  let sum = 0;
  for (const key in cost) sum += cost[key]!;
  return sum;
}

/** USD for `usage` at the model's prices; 0 for unknown models. */
export function priceOf(model: string | undefined, prices: PriceTable): { input: number; output: number } {
  const price = model ? prices.lookup(model) : undefined;
  return price ? { input: price.input, output: price.output } : { input: 0, output: 0 };
}

/**
 * A piece's cost details (docs/decisions/0106-cost-per-usage-kind.md): the cost the client sent, at
 * its version. Else, when the piece carries usage or a model, its usage priced per kind at its
 * model's prices, or none (`{}`: priced at read from the usage and the model's input and output
 * prices, as pieces that carry one without the other are) when it lacks either or the model has
 * no price. Where the ingest looked them up, a usage without a model takes the model stored before
 * (ObservationRecord.storedModel), and a model without a usage the usage stored before
 * (ObservationRecord.storedUsage), as Langfuse prices an update merged into its stored
 * observation. A computed cost is at the implied version of the later of the usage and the model
 * it comes from: a later piece's usage or model replaces it, and a cost a client sent in any piece
 * beats it.
 */
function costOf(
  o: ObservationRecord,
  usage: Record<string, number> | undefined,
  prices: PriceTable,
  v: (field: PieceField) => number,
): Versioned<Record<string, number>> {
  const sent = details(o.cost);
  if (sent) return [v('cost'), sent];
  const hasModel = Boolean(o.model);
  if (!usage && !hasModel) return [0, {}];
  const stored = usage ? undefined : o.storedUsage;
  const priced = usage ?? (stored && resolveUsage(stored[1]));
  const from = Math.max(usage ? v('usage') : (stored?.[0] ?? 0), hasModel ? v('model') : 0);
  const model = o.model || o.storedModel;
  const price = priced && model ? prices.lookup(model) : undefined;
  return [impliedVersion(from), (price && usageCost(priced!, price)) || {}];
}

/** A piece's rows never carry `undefined` text: absent values are '' at version 0. */
export function toObservationRow(
  project: string,
  o: ObservationRecord,
  version: number,
  prices: PriceTable,
): ObservationRow {
  const vs = o.versions;
  const v = (field: PieceField) => vs?.[field] ?? version;
  const usage = resolveUsage(o.usage);
  const cost = costOf(o, usage, prices, v);
  const price = priceOf(o.model, prices);
  const fields: Record<string, Versioned<string>> = {};
  const put = (key: string, field: PieceField, text: string | undefined) => {
    if (text) fields[key] = [v(field), text];
  };
  put(FIELD_KEYS.environment, 'environment', o.environment);
  put(FIELD_KEYS.version, 'version', o.version);
  put(FIELD_KEYS.level, 'level', o.level);
  put(FIELD_KEYS.statusMessage, 'statusMessage', o.statusMessage);
  if (o.completionStartUs !== undefined)
    put(FIELD_KEYS.completionStart, 'completionStart', String(o.completionStartUs));
  put(FIELD_KEYS.modelParameters, 'modelParameters', jsonText(o.modelParameters));
  if (o.promptName) {
    put(FIELD_KEYS.promptName, 'prompt', o.promptName);
    if (o.promptVersion !== undefined) put(FIELD_KEYS.promptVersion, 'prompt', String(o.promptVersion));
  }
  if (o.events?.length) put(FIELD_KEYS.events, 'events', jsonOf(o.events));
  return {
    project_id: project,
    trace_id: o.traceId,
    id: o.id,
    type: [v('type'), o.type],
    name: versioned(o.name, v('name')),
    start_time: [v('start'), o.startUs],
    end_time: o.endUs === undefined ? [0, 0] : [v('end'), o.endUs],
    parent_id: versioned(o.parentId ?? undefined, v('parent')),
    model: o.model ? [v('model'), o.model, price.input, price.output] : [0, '', 0, 0],
    input: versioned(jsonText(o.input), v('input')),
    output: versioned(jsonText(o.output), v('output')),
    metadata: metadataOf(o.metadata, v('metadata')),
    usage: usage ? [v('usage'), usage] : [0, {}],
    cost,
    fields,
  };
}

/** Top-level keys of a metadata object, each its JSON text at `version`. */
function metadataOf(metadata: Record<string, unknown> | undefined, version: number): Record<string, Versioned<string>> {
  const out: Record<string, Versioned<string>> = Object.create(null);
  if (!metadata) return out;
  for (const key in metadata) {
    const value = metadata[key];
    if (value !== undefined) out[key] = [version, jsonOf(value)];
  }
  return out;
}

/**
 * A piece of a project's trace and its observations as rows. A piece without a timestamp takes its
 * earliest observation start (the merge keeps the earliest anyway), or the arrival time when it
 * has none.
 */
export function buildTraceRows(
  project: string,
  piece: TracePiece,
  records: ObservationRecord[],
  prices: PriceTable,
  version: number,
): { trace: TraceRow; observations: ObservationRow[] } {
  const observations: ObservationRow[] = [];
  // Keyed by observation ids, new in every row: null-prototype objects are plain dictionaries from
  // the start, where ordinary ones would make V8 build (and drop) a hidden class per new key.
  const ids: string[] = [];
  const starts: TraceRow['obs_start'] = Object.create(null);
  const ends: TraceRow['obs_end'] = Object.create(null);
  const models: TraceRow['obs_model'] = Object.create(null);
  const usages: TraceRow['obs_usage'] = Object.create(null);
  const usageKindsById: TraceRow['obs_usage_kinds'] = Object.create(null);
  const costs: TraceRow['obs_cost'] = Object.create(null);
  let earliest = Number.POSITIVE_INFINITY;
  let startMin = Number.POSITIVE_INFINITY;
  let endMax = Number.NEGATIVE_INFINITY;
  let costSum = 0;
  let usageUnits = 0;
  let priceMax = 0;
  // Keyed by the clients' model names.
  const modelObs: Record<string, number> = Object.create(null);
  const modelInput: Record<string, number> = Object.create(null);
  const modelOutput: Record<string, number> = Object.create(null);
  const modelTotal: Record<string, number> = Object.create(null);
  const modelCost: Record<string, number> = Object.create(null);
  for (const record of records) {
    const row = toObservationRow(project, record, version, prices);
    observations.push(row);
    const id = row.id;
    ids.push(id);
    starts[id] = row.start_time;
    if (row.start_time[0] > 1) earliest = Math.min(earliest, record.startUs);
    if (row.end_time[0] > 0) ends[id] = row.end_time;
    if (row.model[0] > 0) models[id] = row.model;
    const usage = row.usage[1];
    if (row.usage[0] > 0) {
      usages[id] = [row.usage[0], usage.input ?? 0, usage.output ?? 0, usage.total ?? 0];
      const kinds = usageKinds(usage);
      usageKindsById[id] = [row.usage[0], kinds.input, kinds.output];
    }
    if (row.cost[0] > 0) {
      const details = row.cost[1];
      costs[id] = [row.cost[0], Object.keys(details).length ? costTotal(details) : PRICED_AT_READ];
    }
    // The summaries, as 0007's and 0055's DEFAULT expressions define them from the maps above: cost
    // and usage_units of the priced kinds, model_input and model_output of all input and output kinds.
    const start = row.start_time[1];
    startMin = Math.min(startMin, start);
    endMax = Math.max(endMax, start, row.end_time[0] > 0 ? row.end_time[1] : start);
    const model = row.model[0] > 0 ? row.model[1] : '';
    const u = usages[id];
    const kinds = usageKindsById[id];
    const known = costs[id]?.[1];
    const cost =
      known !== undefined && known !== PRICED_AT_READ
        ? known
        : u && row.model[0] > 0
          ? u[1] * row.model[2] + u[2] * row.model[3]
          : 0;
    costSum += cost;
    if (u) usageUnits += u[1] + u[2];
    if (row.model[0] > 0) priceMax = Math.max(priceMax, row.model[2], row.model[3]);
    modelObs[model] = (modelObs[model] ?? 0) + 1;
    modelInput[model] = (modelInput[model] ?? 0) + (kinds?.[1] ?? 0);
    modelOutput[model] = (modelOutput[model] ?? 0) + (kinds?.[2] ?? 0);
    modelTotal[model] = (modelTotal[model] ?? 0) + (u?.[3] ?? 0);
    modelCost[model] = (modelCost[model] ?? 0) + cost;
  }
  // Keys are the client's: a null-prototype object, where "__proto__" is a key like any other.
  const metadata: TraceRow['metadata'] = Object.create(null);
  for (const [key, value] of Object.entries(piece.metadata ?? {})) {
    if (value !== undefined) metadata[key] = [version, jsonOf(value)];
  }
  const timestampUs = piece.timestampUs ?? (Number.isFinite(earliest) ? earliest : Math.floor(version));
  const impliedAt = piece.implied?.atUs !== undefined ? impliedVersion(piece.implied.atUs) : WEAK_VERSION;
  const trace: TraceRow = {
    project_id: project,
    id: piece.id,
    timestamp: microsToCh(timestampUs),
    name: piece.name !== undefined ? versioned(piece.name, version) : versioned(piece.implied?.name, impliedAt),
    user_id: versioned(piece.userId, version),
    session_id: versioned(piece.sessionId, version),
    release: versioned(piece.release, version),
    version: versioned(piece.version, version),
    environment: versioned(piece.environment, version),
    input: sentOrImplied(piece.input, piece.implied?.input, version, impliedAt),
    output: sentOrImplied(piece.output, piece.implied?.output, version, impliedAt),
    tags: [...new Set(piece.tags ?? [])],
    metadata,
    obs_ids: ids,
    obs_start: starts,
    obs_end: ends,
    obs_model: models,
    obs_usage: usages,
    obs_cost: costs,
    obs_usage_kinds: usageKindsById,
    obs_count: ids.length,
    start_min: ids.length ? startMin : EMPTY_SPAN.startMin,
    end_max: ids.length ? endMax : EMPTY_SPAN.endMax,
    cost_sum: costSum,
    usage_units: usageUnits,
    price_max: priceMax,
    model_obs: modelObs,
    model_input: modelInput,
    model_output: modelOutput,
    model_total: modelTotal,
    model_cost: modelCost,
  };
  return { trace, observations };
}

/** A trace's input or output: the value sent at the piece's version, else the implied one at its version. */
function sentOrImplied(sent: unknown, implied: unknown, version: number, impliedAt: number): Versioned<string> {
  return sent !== undefined ? versioned(jsonText(sent), version) : versioned(jsonText(implied), impliedAt);
}
