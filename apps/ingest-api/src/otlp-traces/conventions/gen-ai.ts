import type { ObservationType } from '@spanhouse/schema';
import { type AttributeReader, setData } from '../attr-reader.ts';
import type { UsageDetails } from '../../traces/model.ts';
import { costUsd, parseJsonish, tokenCount } from '../parse.ts';
import { compact, type SpanFacts } from './facts.ts';
import { indexedList } from './indexed.ts';
import { withSystemInstructions } from './span-events.ts';

/** gen_ai.operation.name values (OpenTelemetry GenAI conventions) that say what the span is. */
const OPERATION_TYPES: Record<string, ObservationType> = {
  chat: 'GENERATION',
  completion: 'GENERATION',
  text_completion: 'GENERATION',
  generate_content: 'GENERATION',
  generate: 'GENERATION',
  embeddings: 'EMBEDDING',
  invoke_agent: 'AGENT',
  create_agent: 'AGENT',
  execute_tool: 'TOOL',
};

const USAGE = 'gen_ai.usage.';
/** gen_ai.usage.<kind> names that are Langfuse's input, output and total; earlier names win. */
const USAGE_KINDS: Record<string, string> = {
  input_tokens: 'input',
  prompt_tokens: 'input',
  prompt: 'input',
  output_tokens: 'output',
  completion_tokens: 'output',
  completion: 'output',
  total_tokens: 'total',
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
 * Every `gen_ai.usage.<kind>` count (but `cost`) as a usage detail, named as Langfuse names it:
 * the USAGE_KINDS as `input`, `output`, `total` (the first spelling sent wins); the INCLUDED_KINDS
 * broken out of input and output; any other kind (`reasoning_tokens`, ...) under its own name, a
 * `details.` prefix dropped. A value that is not a count (tokenCount) is not read and stays in
 * metadata. Undefined when there is none.
 */
function usageDetails(r: AttributeReader): UsageDetails | undefined {
  let out: UsageDetails | undefined;
  const put = (kind: string, name: string) => {
    const key = USAGE + kind;
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
    if (!key.startsWith(USAGE) || key.length === USAGE.length) continue;
    const kind = key.slice(USAGE.length);
    if (kind === 'cost' || Object.hasOwn(USAGE_KINDS, kind) || INCLUDED_SPELLINGS.has(kind)) continue;
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

const REQUEST = 'gen_ai.request.';

/**
 * The request's parameters (`gen_ai.request.temperature`, `max_tokens`, `top_p`, ...; all but
 * `model`) as model parameters, values as sent; undefined when there is none.
 */
function requestParameters(r: AttributeReader): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(r.attributes)) {
    if (!key.startsWith(REQUEST) || key === 'gen_ai.request.model' || key.length === REQUEST.length) continue;
    const value = r.take(key);
    if (value === undefined) continue;
    out ??= {};
    setData(out, key.slice(REQUEST.length), value);
  }
  return out;
}

/**
 * OpenTelemetry GenAI semantic conventions (gen_ai.*), including the older spellings
 * (prompt_tokens, flattened gen_ai.prompt.N.*) that OpenLLMetry still sends.
 */
export function readGenAi(r: AttributeReader): SpanFacts {
  const operation = r.string('gen_ai.operation.name');
  const responseModel = r.string('gen_ai.response.model');
  const requestModel = r.string('gen_ai.request.model');
  const promptList = indexedList(r, 'gen_ai.prompt.');
  const completionList = indexedList(r, 'gen_ai.completion.');
  const messages = r.take('gen_ai.input.messages');
  const instructions = messages === undefined ? undefined : r.take('gen_ai.system_instructions');
  // A tool call's arguments and result (an execute_tool span) are its input and output, read last
  // as Langfuse reads them: messages of the span, when it has any, come first.
  const input = messages ?? r.firstValue('gen_ai.prompt') ?? promptList ?? r.take('gen_ai.tool.call.arguments');
  const output =
    r.firstValue('gen_ai.output.messages', 'gen_ai.completion') ?? completionList ?? r.take('gen_ai.tool.call.result');
  const cost = costUsd(r.number('gen_ai.usage.cost'));
  // Seconds from the request to the first chunk of a streamed response.
  const firstChunkS = r.number('gen_ai.response.time_to_first_chunk');
  return compact({
    type: operation ? OPERATION_TYPES[operation.toLowerCase()] : undefined,
    model: responseModel ?? requestModel,
    input:
      input === undefined
        ? undefined
        : messages !== undefined
          ? withSystemInstructions(parseJsonish(input), instructions)
          : parseJsonish(input),
    output: output === undefined ? undefined : parseJsonish(output),
    usage: usageDetails(r),
    modelParameters: requestParameters(r),
    cost: cost === undefined ? undefined : { total: cost },
    timeToFirstChunkUs: firstChunkS !== undefined && firstChunkS >= 0 ? Math.round(firstChunkS * 1e6) : undefined,
    trace: compact({ sessionId: r.string('gen_ai.conversation.id') }),
  });
}
