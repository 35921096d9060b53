import type { ObservationBody } from '@spanhouse/schema';
import type { CostDetails, UsageDetails } from '../traces/model.ts';

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

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

/** A usageDetails map: OpenAI shapes, else every non-negative integer (or integer text) kept. */
export function usageDetailsOf(raw: Record<string, unknown> | null | undefined): UsageDetails | undefined {
  if (!raw) return undefined;
  const openAi = openAiUsage(raw);
  if (openAi) return openAi;
  // Keys are the client's: a null-prototype object, where "__proto__" is a key like any other.
  const out: UsageDetails = Object.create(null);
  let any = false;
  for (const [kind, value] of Object.entries(raw)) {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (isCount(n)) {
      out[kind] = n;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** A costDetails map: every non-negative finite number kept. */
export function costDetailsOf(raw: Record<string, unknown> | null | undefined): CostDetails | undefined {
  if (!raw) return undefined;
  const out: CostDetails = Object.create(null);
  let any = false;
  for (const [kind, value] of Object.entries(raw)) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
      out[kind] = value;
      any = true;
    }
  }
  return any ? out : undefined;
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
