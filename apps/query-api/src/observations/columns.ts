import { OBSERVATION_TYPES, type ObservationOutput, type ObservationType } from '@spanhouse/schema';
import { parseJsonText } from '../traces/from-row.ts';

/**
 * What every observation reader selects from `observation_pieces` (clickhouse/0007) merged with
 * FINAL, by output name. Each field is a (version, value) tuple: `.2` is the value; a version of 0
 * means the field was never given. Times are microseconds.
 */
export const OBSERVATION_FIELDS: [name: string, expr: string][] = [
  ['id', 'id'],
  ['trace_id', 'trace_id'],
  ['type', 'type.2'],
  ['name', 'name.2'],
  ['start_us', 'start_time.2'],
  ['end_us', 'if(end_time.1 = 0, NULL, end_time.2)'],
  ['parent_id', 'parent_id.2'],
  ['model', 'model.2'],
  ['input_price', 'model.3'],
  ['output_price', 'model.4'],
  ['input', 'input.2'],
  ['output', 'output.2'],
  ['metadata', 'mapApply((k, v) -> (k, v.2), metadata)'],
  ['usage', 'usage.2'],
  ['cost', 'cost.2'],
  ['fields', 'mapApply((k, v) -> (k, v.2), fields)'],
];

/** SQL for one of the rarely carried fields (0007's `fields` map), as text ('' when absent). */
export const fieldExpr = (key: string) => `fields['${key.replace(/[^a-z_]/g, '')}'].2`;

/** The fields as one positional tuple (for arrays of observations beside other columns). */
export const OBSERVATION_TUPLE = `(${OBSERVATION_FIELDS.map(([, expr]) => expr).join(', ')})`;

/** An observation selected as OBSERVATION_TUPLE back to a row. */
export function observationTupleToRow(tuple: unknown): Record<string, unknown> {
  const values = Array.isArray(tuple) ? tuple : [];
  return Object.fromEntries(OBSERVATION_FIELDS.map(([name], i) => [name, values[i]]));
}

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));
const orNull = (x: unknown) => (x === '' || x === null || x === undefined ? null : str(x));
const num = (x: unknown) => {
  const n = Number(x);
  return Number.isFinite(n) ? n : 0;
};
const isoOfMicros = (us: unknown) => new Date(Math.floor(num(us) / 1000)).toISOString();

/** A stored map of numbers; its keys are the clients', so `__proto__` stays a plain key. */
function numberMap(x: unknown): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) out[k] = num(v);
  return out;
}

/**
 * Calculated costs: the provided cost details when any were sent (total: `total`, else the sum),
 * else the usage at the unit prices kept with the model.
 */
export function costsOf(
  usage: Record<string, number>,
  provided: Record<string, number>,
  prices: { input: number; output: number },
): { details: Record<string, number>; input: number | null; output: number | null; total: number } {
  const keys = Object.keys(provided);
  if (keys.length > 0) {
    const total = provided.total ?? keys.reduce((sum, k) => sum + provided[k]!, 0);
    return { details: { ...provided, total }, input: provided.input ?? null, output: provided.output ?? null, total };
  }
  const input = (usage.input ?? 0) * prices.input;
  const output = (usage.output ?? 0) * prices.output;
  if (input === 0 && output === 0) return { details: {}, input: null, output: null, total: 0 };
  return { details: { input, output, total: input + output }, input, output, total: input + output };
}

/** Langfuse's observation view (GET /api/public/observations, a trace's observations). */
export function fromObservationRow(r: Record<string, unknown>, traceEnvironment: string): ObservationOutput {
  const type = str(r.type);
  const fields = (r.fields ?? {}) as Record<string, string>;
  const usage = numberMap(r.usage);
  const prices = { input: num(r.input_price), output: num(r.output_price) };
  const cost = costsOf(usage, numberMap(r.cost), prices);
  const startUs = num(r.start_us);
  const endUs = r.end_us === null || r.end_us === undefined ? null : num(r.end_us);
  const completionUs = fields.completion_start_time ? num(fields.completion_start_time) : null;
  const model = orNull(r.model);
  const input = usage.input ?? 0;
  const output = usage.output ?? 0;
  const total = usage.total ?? 0;
  const metadata: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries((r.metadata ?? {}) as Record<string, unknown>)) metadata[k] = parseJsonText(v);
  const promptName = orNull(fields.prompt_name);
  const events = parseJsonText(fields.events);
  return {
    id: str(r.id),
    traceId: str(r.trace_id),
    type: ((OBSERVATION_TYPES as readonly string[]).includes(type) ? type : 'SPAN') as ObservationType,
    name: orNull(r.name),
    startTime: isoOfMicros(startUs),
    endTime: endUs === null ? null : isoOfMicros(endUs),
    completionStartTime: completionUs === null ? null : isoOfMicros(completionUs),
    model,
    modelParameters: parseJsonText(fields.model_parameters),
    input: parseJsonText(r.input),
    output: parseJsonText(r.output),
    metadata,
    level: (orNull(fields.level) ?? 'DEFAULT') as ObservationOutput['level'],
    statusMessage: orNull(fields.status_message),
    parentObservationId: orNull(r.parent_id),
    version: orNull(fields.version),
    environment: fields.environment || traceEnvironment,
    promptId: null,
    promptName,
    promptVersion: promptName ? num(fields.prompt_version) || null : null,
    usageDetails: usage,
    costDetails: cost.details,
    usage: { unit: 'TOKENS', input, output, total },
    unit: 'TOKENS',
    promptTokens: input,
    completionTokens: output,
    totalTokens: total,
    modelId: null,
    inputPrice: model && (prices.input || prices.output) ? prices.input : null,
    outputPrice: model && (prices.input || prices.output) ? prices.output : null,
    totalPrice: null,
    calculatedInputCost: cost.input,
    calculatedOutputCost: cost.output,
    calculatedTotalCost: cost.total,
    totalCost: cost.total,
    latency: endUs === null ? 0 : (endUs - startUs) / 1e6,
    timeToFirstToken: completionUs === null ? null : (completionUs - startUs) / 1e6,
    events: Array.isArray(events) ? events : [],
  };
}
