import type { UsageDetails } from '../../traces/model.ts';
import type { AttributeReader } from '../attr-reader.ts';
import { tokenCount } from '../parse.ts';

/*
 * Token counts as the LLM conventions send them (the OpenTelemetry GenAI conventions'
 * `gen_ai.usage.*`, OpenInference's `llm.token_count.*`) to usage details as Langfuse reads them:
 * the cache and reasoning counts that sit inside the input and output counts broken out of them,
 * so every token is counted once (docs/decisions/0096-gen-ai-usage-broken-out.md).
 */

/** Kind names that are Langfuse's input, output and total; earlier names win. */
const USAGE_KINDS: Record<string, string> = {
  input_tokens: 'input',
  prompt_tokens: 'input',
  prompt: 'input',
  output_tokens: 'output',
  completion_tokens: 'output',
  completion: 'output',
  total_tokens: 'total',
  total: 'total',
};
const KIND_ORDER = Object.keys(USAGE_KINDS);

/**
 * Kinds that the conventions (and the instrumentations before them) count inside the input or the
 * output tokens, by every spelling senders use, with the name Langfuse gives each: the first
 * spelling sent wins. Each is broken out of the count it sits in (`input` = input_tokens minus the
 * cache reads and writes, `output` = output_tokens minus reasoning and audio), as Langfuse reads
 * them, so a token is counted once and the total stays input_tokens + output_tokens.
 */
const INCLUDED_KINDS: readonly { name: string; side: 'input' | 'output'; spellings: readonly string[] }[] = [
  {
    name: 'input_cached_tokens',
    side: 'input',
    spellings: [
      'cache_read.input_tokens',
      'cache_read_input_tokens',
      'cache_read_tokens',
      'details.cache_read_tokens',
      'details.cache_read_input_tokens',
      'prompt_details.cache_read',
      'input_cached_tokens',
    ],
  },
  {
    name: 'input_cache_creation',
    side: 'input',
    spellings: [
      'cache_creation.input_tokens',
      'cache_creation_input_tokens',
      'cache_write_tokens',
      'details.cache_write_tokens',
      'details.cache_creation_input_tokens',
      'prompt_details.cache_write',
      'input_cache_creation',
    ],
  },
  {
    name: 'output_reasoning_tokens',
    side: 'output',
    spellings: ['reasoning.output_tokens', 'completion_details.reasoning'],
  },
  { name: 'output_audio_tokens', side: 'output', spellings: ['completion_details.audio'] },
];
const INCLUDED_SPELLINGS = new Set(INCLUDED_KINDS.flatMap((k) => k.spellings));

/**
 * Every count under `prefix` (`gen_ai.usage.`, OpenInference's `llm.token_count.`) but the kinds in
 * `skip` as a usage detail, named as Langfuse names them: the USAGE_KINDS as `input`, `output`,
 * `total` (the first spelling sent wins); the INCLUDED_KINDS broken out of input and output; any
 * other kind (`reasoning_tokens`, ...) under its own name, a `details.` prefix dropped. A value that
 * is not a count (tokenCount) is not read and stays in metadata. Undefined when there is none.
 */
export function readUsageDetails(
  r: AttributeReader,
  prefix: string,
  skip: readonly string[] = [],
): UsageDetails | undefined {
  let out: UsageDetails | undefined;
  const put = (kind: string, name: string) => {
    const key = prefix + kind;
    if (r.attributes[key] === undefined) return;
    const n = tokenCount(r.attributes[key]);
    if (n === undefined) return;
    r.take(key);
    out ??= Object.create(null) as UsageDetails;
    out[name] ??= n;
  };
  for (const kind of KIND_ORDER) put(kind, USAGE_KINDS[kind]!);
  for (const { name, spellings } of INCLUDED_KINDS) for (const spelling of spellings) put(spelling, name);
  for (const key of Object.keys(r.attributes)) {
    if (!key.startsWith(prefix) || key.length === prefix.length) continue;
    const kind = key.slice(prefix.length);
    if (skip.includes(kind) || Object.hasOwn(USAGE_KINDS, kind) || INCLUDED_SPELLINGS.has(kind)) continue;
    put(kind, kind.startsWith('details.') ? kind.slice('details.'.length) : kind);
  }
  if (out) {
    const usage: UsageDetails = out;
    for (const { name, side } of INCLUDED_KINDS) {
      if (usage[name] !== undefined && usage[side] !== undefined)
        usage[side] = Math.max(usage[side]! - usage[name]!, 0);
    }
  }
  return out;
}
