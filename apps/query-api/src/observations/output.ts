import { OBSERVATION_TYPES, type ObservationOutput, type ObservationType } from '@spanhouse/schema';
import { FIELD_KEYS, parseJsonText, type StoredObservation } from '@spanhouse/store';
import { roundCostSum } from '../cost-sum.ts';

const orNull = (x: string | undefined) => (x === '' || x === undefined ? null : x);
const num = (x: unknown) => {
  const n = Number(x);
  return Number.isFinite(n) ? n : 0;
};
const isoOfMicros = (us: number) => new Date(Math.floor(us / 1000)).toISOString();

const INPUT_KIND = /input/i;
const OUTPUT_KIND = /output/i;

/**
 * The sums of the kinds whose name contains "input" and of those containing "output" (any case),
 * each null when there is none: Langfuse's observation view counts usage and cost so
 * (`input_cached_tokens` is input, `output_reasoning_tokens` output), as the trace list and the
 * daily report count tokens here.
 */
export function kindSums(details: Record<string, number>): { input: number | null; output: number | null } {
  let input: number | null = null;
  let output: number | null = null;
  for (const [kind, value] of Object.entries(details)) {
    if (INPUT_KIND.test(kind)) input = (input ?? 0) + value;
    if (OUTPUT_KIND.test(kind)) output = (output ?? 0) + value;
  }
  return { input, output };
}

/**
 * Calculated costs: the stored cost details when there are any (sent by the client, or computed per
 * usage kind at write; total: `total`, else the sum), else the usage at the unit prices kept with
 * the model, a kind for each priced kind the usage has (Langfuse prices the usage's kinds: an
 * embedding's input-only usage has no output cost, so no `output` detail and a null
 * calculatedOutputCost). Products and sums are rounded as every cost sum is shown (roundCostSum),
 * the stored details too: a computed detail is a product (180 x $4.4e-6 is 0.0007920000000000001
 * in binary floating point), and a sent one has fewer digits than the rounding keeps.
 */
export function costsOf(
  usage: Record<string, number>,
  provided: Record<string, number>,
  prices: { input: number; output: number },
): { details: Record<string, number>; input: number | null; output: number | null; total: number } {
  const keys = Object.keys(provided);
  if (keys.length > 0) {
    const details: Record<string, number> = {};
    for (const k of keys) details[k] = roundCostSum(provided[k]!);
    const total = details.total ?? roundCostSum(keys.reduce((sum, k) => sum + provided[k]!, 0));
    const { input, output } = kindSums(provided);
    return {
      details: { ...details, total },
      input: input === null ? null : roundCostSum(input),
      output: output === null ? null : roundCostSum(output),
      total,
    };
  }
  const input = usage.input === undefined ? null : roundCostSum(usage.input * prices.input);
  const output = usage.output === undefined ? null : roundCostSum(usage.output * prices.output);
  if (!input && !output) return { details: {}, input: null, output: null, total: 0 };
  const total = roundCostSum((input ?? 0) + (output ?? 0));
  const details: Record<string, number> = {};
  if (input !== null) details.input = input;
  if (output !== null) details.output = output;
  details.total = total;
  return { details, input, output, total };
}

/**
 * Langfuse's observation view (GET /api/public/observations, a trace's observations) of a stored
 * observation of `project`.
 */
export function toObservationOutput(
  o: StoredObservation,
  traceEnvironment: string,
  project: string,
): ObservationOutput {
  const fields = o.fields;
  const usage = o.usage;
  const prices = o.prices;
  const cost = costsOf(usage, o.cost, prices);
  const startUs = o.startUs;
  const endUs = o.endUs;
  const completionStart = fields[FIELD_KEYS.completionStart];
  const completionUs = completionStart ? num(completionStart) : null;
  const model = orNull(o.model);
  const counted = kindSums(usage);
  const input = counted.input ?? 0;
  const output = counted.output ?? 0;
  const total = usage.total ?? 0;
  const metadata: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(o.metadata)) metadata[k] = parseJsonText(v);
  const promptName = orNull(fields[FIELD_KEYS.promptName]);
  const events = parseJsonText(fields[FIELD_KEYS.events]);
  return {
    id: o.id,
    projectId: project,
    traceId: o.traceId,
    type: ((OBSERVATION_TYPES as readonly string[]).includes(o.type) ? o.type : 'SPAN') as ObservationType,
    name: orNull(o.name),
    startTime: isoOfMicros(startUs),
    endTime: endUs === null ? null : isoOfMicros(endUs),
    completionStartTime: completionUs === null ? null : isoOfMicros(completionUs),
    model,
    modelParameters: parseJsonText(fields[FIELD_KEYS.modelParameters]),
    input: parseJsonText(o.input),
    output: parseJsonText(o.output),
    metadata,
    level: (orNull(fields[FIELD_KEYS.level]) ?? 'DEFAULT') as ObservationOutput['level'],
    statusMessage: orNull(fields[FIELD_KEYS.statusMessage]),
    parentObservationId: orNull(o.parentId),
    version: orNull(fields[FIELD_KEYS.version]),
    environment: fields[FIELD_KEYS.environment] || traceEnvironment,
    promptId: null,
    promptName,
    promptVersion: promptName ? num(fields[FIELD_KEYS.promptVersion]) || null : null,
    usageDetails: usage,
    costDetails: cost.details,
    usage: { unit: 'TOKENS', input, output, total },
    unit: 'TOKENS',
    promptTokens: input,
    completionTokens: output,
    totalTokens: total,
    // No pricing tiers here: a model has one price per unit.
    usagePricingTierName: null,
    usagePricingTierId: null,
    modelId: null,
    inputPrice: model && (prices.input || prices.output) ? prices.input : null,
    outputPrice: model && (prices.input || prices.output) ? prices.output : null,
    totalPrice: null,
    calculatedInputCost: cost.input,
    calculatedOutputCost: cost.output,
    calculatedTotalCost: cost.total,
    totalCost: cost.total,
    // No end, no latency: null, as Langfuse and the v2 list show it.
    latency: endUs === null ? null : (endUs - startUs) / 1e6,
    timeToFirstToken: completionUs === null ? null : (completionUs - startUs) / 1e6,
    events: Array.isArray(events) ? events : [],
  };
}
