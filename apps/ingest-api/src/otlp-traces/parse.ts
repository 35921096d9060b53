import { jsonDepth, MAX_JSON_DEPTH } from '@spanhouse/http';
import { COST_MAX_USD, TOKEN_COUNT_MAX } from '@spanhouse/schema';
import type { CostUsd, TokenUsage } from '../traces/model.ts';

const JSON_NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Attribute values that carry JSON as text (the Langfuse SDK serializes objects this way): the
 * parsed value when the text is JSON, else the text itself. Non-strings pass through.
 *
 * Most attribute values are plain words, ids and numbers. JSON.parse on text that is not JSON
 * throws, and a thrown error (with its stack trace) cost more than all other mapping of a span
 * together; so scalars are recognized without JSON.parse (a JSON number literal converts with
 * Number() exactly as JSON.parse converts it), and JSON.parse only sees text that starts and
 * ends like an object, array or string. Text nested deeper than MAX_JSON_DEPTH stays text: parsed,
 * it could not be written back (JSON.stringify recurses), and it is no structure anyone reads.
 */
export function parseJsonish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return value;
  const first = text[0]!;
  const last = text[text.length - 1]!;
  switch (first) {
    case '{':
      if (last !== '}') return value;
      break;
    case '[':
      if (last !== ']') return value;
      break;
    case '"':
      if (last !== '"' || text.length < 2) return value;
      break;
    case 't':
      return text === 'true' ? true : value;
    case 'f':
      return text === 'false' ? false : value;
    case 'n':
      return text === 'null' ? null : value;
    default:
      return JSON_NUMBER_RE.test(text) ? Number(text) : value;
  }
  if (first !== '"' && jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

/** A JSON object from a JSON text or an object value; undefined for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> | undefined {
  const parsed = parseJsonish(value);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

/** Tags from an array value, a JSON array text or a comma-separated text. */
export function parseTags(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'string') {
    const parsed = value.trim().startsWith('[') ? parseJsonish(value) : undefined;
    list = Array.isArray(parsed) ? parsed : value.split(',');
  } else list = [value];
  let tags: string[] | undefined;
  for (const t of list) {
    if (typeof t !== 'string' && typeof t !== 'number' && typeof t !== 'boolean') continue;
    const tag = String(t).trim();
    if (tag === '') continue;
    tags ??= [];
    tags.push(tag);
  }
  return tags;
}

/**
 * A token count from an attribute, rounded; undefined unless it lies in 0..TOKEN_COUNT_MAX. A
 * count out of that range (negative, 1e21, 2^64) is treated as absent, as an unreadable one is:
 * the span is kept and stored without that count (0, or input + output for the total), since one
 * bad usage attribute should not lose the span or, worse, the whole export. The batch API, where
 * a person reads the reply, refuses the same value with a 400 instead.
 */
export const tokenCount = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  const rounded = Math.round(n);
  return rounded >= 0 && rounded <= TOKEN_COUNT_MAX ? rounded : undefined;
};
const count = tokenCount;

const firstCount = (details: Record<string, unknown>, keys: string[]): number | undefined => {
  for (const key of keys) {
    const n = count(details[key]);
    if (n !== undefined) return n;
  }
  return undefined;
};

const INPUT_KEYS = ['input', 'prompt_tokens', 'input_tokens', 'promptTokens', 'inputTokens'];
const OUTPUT_KEYS = ['output', 'completion_tokens', 'output_tokens', 'completionTokens', 'outputTokens'];
const TOTAL_KEYS = ['total', 'total_tokens', 'totalTokens'];

/**
 * Usage details (Langfuse `usage_details`, or a provider's usage object) to input/output/total
 * tokens. Names in the Langfuse, OpenAI and Anthropic spellings are understood. `total` stays
 * absent when not sent: the row builder then uses input + output, as for batch observations.
 */
export function usageFromDetails(details: Record<string, unknown> | undefined): TokenUsage | undefined {
  if (!details) return undefined;
  const usage: TokenUsage = {
    input: firstCount(details, INPUT_KEYS),
    output: firstCount(details, OUTPUT_KEYS),
    total: firstCount(details, TOTAL_KEYS),
  };
  return usage.input === undefined && usage.output === undefined && usage.total === undefined ? undefined : usage;
}

/**
 * A cost in USD from an attribute; undefined unless it lies in 0..COST_MAX_USD. Like a token count
 * out of range (tokenCount), a negative or huge cost is treated as absent and the span kept.
 */
export const costUsd = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && n >= 0 && n <= COST_MAX_USD ? n : undefined;
};

/** Cost details in USD (`{input, output, total}`); undefined when none is a usable cost (costUsd). */
export function costFromDetails(details: Record<string, unknown> | undefined): CostUsd | undefined {
  if (!details) return undefined;
  const cost: CostUsd = {
    input: costUsd(details.input),
    output: costUsd(details.output),
    total: costUsd(details.total),
  };
  return cost.input === undefined && cost.output === undefined && cost.total === undefined ? undefined : cost;
}

/** `{input, output, total}` from separate counts; undefined when none is a usable count (tokenCount). */
export function usageOf(input?: number, output?: number, total?: number): TokenUsage | undefined {
  const usage: TokenUsage = { input: tokenCount(input), output: tokenCount(output), total: tokenCount(total) };
  return usage.input === undefined && usage.output === undefined && usage.total === undefined ? undefined : usage;
}
