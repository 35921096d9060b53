import { COST_MAX_USD, type ObservationBody, TOKEN_COUNT_MAX } from '@spanhouse/schema';
import type { CostDetails, UsageDetails } from '../traces/model.ts';

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
/** A usageDetails value as a count is read: integer text (`"12"`) as its number, anything else as it is. */
const asCount = (value: unknown): unknown => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
const isCost = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= COST_MAX_USD;
const COUNT_RULE = `must be an integer from 0 to ${TOKEN_COUNT_MAX}`;
const COST_RULE = `must be a number from 0 to ${COST_MAX_USD}`;

/**
 * OpenAI usage objects as Langfuse reads them: the Chat Completions shape (`prompt_tokens`, ...)
 * and the Responses shape (`input_tokens`, ...), each with its `*_details` broken out as
 * `input_<kind>` / `output_<kind>` and subtracted from the base counts. Undefined for other maps.
 */
function openAiUsage(raw: Record<string, unknown>): UsageDetails | undefined {
  const shapes = [
    ['prompt_tokens', 'completion_tokens', 'prompt_tokens_details', 'completion_tokens_details'],
    ['input_tokens', 'output_tokens', 'input_tokens_details', 'output_tokens_details'],
  ] as const;
  for (const [inKey, outKey, inDetails, outDetails] of shapes) {
    const keys = Object.keys(raw);
    const allowed = new Set<string>([inKey, outKey, 'total_tokens', inDetails, outDetails]);
    if (!isCount(raw[inKey]) || !isCount(raw[outKey]) || !isCount(raw.total_tokens)) continue;
    if (!keys.every((k) => allowed.has(k))) continue;
    const out: Record<string, number> = { input: raw[inKey], output: raw[outKey], total: raw.total_tokens };
    for (const [side, details] of [
      ['input', raw[inDetails]],
      ['output', raw[outDetails]],
    ] as const) {
      if (!details || typeof details !== 'object') continue;
      for (const [kind, n] of Object.entries(details)) {
        if (!isCount(n)) continue;
        out[`${side}_${kind}`] = n;
        out[side] = Math.max(out[side]! - n, 0);
      }
    }
    return out;
  }
  return undefined;
}

/**
 * A usageDetails map: OpenAI shapes, else every count (an integer from 0 to TOKEN_COUNT_MAX, or
 * integer text) kept and every other key left out. Undefined when no key is left.
 */
export function usageDetailsOf(raw: Record<string, unknown> | null | undefined): UsageDetails | undefined {
  if (!raw) return undefined;
  const openAi = openAiUsage(raw);
  if (openAi) return openAi;
  // Keys are the client's: a null-prototype object, where "__proto__" is a key like any other.
  const out: UsageDetails = Object.create(null);
  let any = false;
  for (const [kind, value] of Object.entries(raw)) {
    const n = asCount(value);
    if (isCount(n)) {
      out[kind] = n;
      any = true;
    }
  }
  return any ? out : undefined;
}

/**
 * A costDetails map: every cost (a number from 0 to COST_MAX_USD) kept and every other key left
 * out. Undefined when no key is left.
 */
export function costDetailsOf(raw: Record<string, unknown> | null | undefined): CostDetails | undefined {
  if (!raw) return undefined;
  const out: CostDetails = Object.create(null);
  let any = false;
  for (const [kind, value] of Object.entries(raw)) {
    if (isCost(value)) {
      out[kind] = value;
      any = true;
    }
  }
  return any ? out : undefined;
}

/**
 * What makes an observation event's body invalid beyond its schema, as the event's 400 naming the
 * field: a legacy `usage` count that is not an integer from 0 to TOKEN_COUNT_MAX, or a legacy cost
 * that is not a number from 0 to COST_MAX_USD (beyond it a trace's or a day's sum overflows and
 * reads back as 0). Langfuse refuses a fractional legacy count too. A `usageDetails` or
 * `costDetails` key whose value is not a count (a cost) is left out instead, the event kept, as
 * Langfuse does (usageDetailsOf, costDetailsOf); an end before the start is clamped to the start.
 */
export function observationProblem(body: Pick<ObservationBody, 'usage'>): string | undefined {
  const legacy = body.usage;
  if (legacy) {
    for (const key of ['input', 'output', 'total', 'promptTokens', 'completionTokens', 'totalTokens'] as const) {
      const n = legacy[key];
      if (n != null && !isCount(n)) return `body.usage.${key}: ${COUNT_RULE}`;
    }
    for (const key of ['inputCost', 'outputCost', 'totalCost'] as const) {
      const n = legacy[key];
      if (n != null && !isCost(n)) return `body.usage.${key}: ${COST_RULE}`;
    }
  }
  return undefined;
}

/**
 * An observation event's usage and cost, from the legacy `usage` object (input/output/total, or
 * promptTokens/completionTokens/totalTokens; inputCost/outputCost/totalCost) overlaid with the
 * current `usageDetails` and `costDetails`, key by key, as Langfuse merges them.
 */
export function usageOfEvent(body: Pick<ObservationBody, 'usage' | 'usageDetails' | 'costDetails'>): {
  usage?: UsageDetails;
  cost?: CostDetails;
} {
  const legacy = body.usage;
  let usage: UsageDetails | undefined;
  let cost: CostDetails | undefined;
  if (legacy) {
    const openAi = legacy.promptTokens != null || legacy.completionTokens != null || legacy.totalTokens != null;
    const counts = openAi
      ? { input: legacy.promptTokens, output: legacy.completionTokens, total: legacy.totalTokens }
      : { input: legacy.input, output: legacy.output, total: legacy.total };
    for (const [kind, n] of Object.entries(counts)) {
      if (!isCount(n)) continue;
      usage ??= {};
      usage[kind] = n;
    }
    const costs = { input: legacy.inputCost, output: legacy.outputCost, total: legacy.totalCost };
    for (const [kind, n] of Object.entries(costs)) {
      if (typeof n !== 'number' || n < 0) continue;
      cost ??= {};
      cost[kind] = n;
    }
  }
  const details = usageDetailsOf(body.usageDetails);
  if (details) usage = { ...usage, ...details };
  const costDetails = costDetailsOf(body.costDetails);
  if (costDetails) cost = { ...cost, ...costDetails };
  return { usage, cost };
}
