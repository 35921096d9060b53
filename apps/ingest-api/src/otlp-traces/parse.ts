import { jsonDepth, MAX_JSON_DEPTH } from '@spanhouse/http';
import { COST_MAX_USD, TOKEN_COUNT_MAX } from '@spanhouse/schema';
import { costDetailsOf, usageDetailsOf } from '../langfuse-ingestion/usage.ts';
import type { CostDetails, TokenUsage, UsageDetails } from '../traces/model.ts';

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
 * A token count from an attribute; undefined unless it is an integer in 0..TOKEN_COUNT_MAX. A
 * count out of that range (negative, 1e21, 2^64) or not whole (1.5) is treated as absent, as an
 * unreadable one is:
 * the span is kept and stored without that count (0, or input + output for the total), since one
 * bad usage attribute should not lose the span or, worse, the whole export. The batch API, where
 * a person reads the reply, refuses the same value with a 400 instead.
 */
export const tokenCount = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return Number.isInteger(n) && n >= 0 && n <= TOKEN_COUNT_MAX ? n : undefined;
};
/** The input, output and total spellings of OpenAI, Anthropic and the Vercel AI SDK, as Langfuse's names. */
const USAGE_ALIASES: Record<string, 'input' | 'output' | 'total'> = {
  prompt_tokens: 'input',
  input_tokens: 'input',
  promptTokens: 'input',
  inputTokens: 'input',
  completion_tokens: 'output',
  output_tokens: 'output',
  completionTokens: 'output',
  outputTokens: 'output',
  total_tokens: 'total',
  totalTokens: 'total',
};

/**
 * Usage details (Langfuse `usage_details`, or a provider's usage object) as the ingestion API
 * reads `usageDetails` (usageDetailsOf: OpenAI's shapes broken out, else every count kept under
 * its own name), with the input, output and total spellings of USAGE_ALIASES named `input`,
 * `output` and `total` unless that name is sent too. `total` stays absent when not sent: the row
 * builder then sums the kinds, as Langfuse does.
 */
export function usageFromDetails(details: Record<string, unknown> | undefined): UsageDetails | undefined {
  const read = usageDetailsOf(details);
  if (!read) return undefined;
  const out: UsageDetails = Object.create(null);
  for (const kind in read) {
    const alias = USAGE_ALIASES[kind];
    const name = alias !== undefined && !Object.hasOwn(read, alias) ? alias : kind;
    // Two spellings of one kind (prompt_tokens and input_tokens): the first sent is kept.
    if (out[name] === undefined) out[name] = read[kind];
  }
  return out;
}

/**
 * A cost in USD from an attribute; undefined unless it lies in 0..COST_MAX_USD. Like a token count
 * out of range (tokenCount), a negative or huge cost is treated as absent and the span kept.
 */
export const costUsd = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && n >= 0 && n <= COST_MAX_USD ? n : undefined;
};

/**
 * Cost details in USD, every kind kept (`input`, `output`, `input_cached_tokens`, ...) as the
 * ingestion API keeps `costDetails`; a kind that is not a usable cost (costUsd) is left out.
 * Undefined when none is usable.
 */
export function costFromDetails(details: Record<string, unknown> | undefined): CostDetails | undefined {
  const read = costDetailsOf(details);
  if (!read) return undefined;
  let out: CostDetails | undefined;
  for (const kind in read) {
    const usd = costUsd(read[kind]);
    if (usd === undefined) continue;
    out ??= Object.create(null) as CostDetails;
    out[kind] = usd;
  }
  return out;
}

/** `{input, output, total}` from separate counts; undefined when none is a usable count (tokenCount). */
export function usageOf(input?: number, output?: number, total?: number): TokenUsage | undefined {
  const usage: TokenUsage = { input: tokenCount(input), output: tokenCount(output), total: tokenCount(total) };
  return usage.input === undefined && usage.output === undefined && usage.total === undefined ? undefined : usage;
}
