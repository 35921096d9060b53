import type { ObservationType } from '@spanhouse/schema';
import { type AttributeReader, setData } from '../attr-reader.ts';
import { costUsd, parseJsonish } from '../parse.ts';
import { compact, type SpanFacts } from './facts.ts';
import { indexedList } from './indexed.ts';
import { readUsageDetails } from './usage-details.ts';
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
  retrieval: 'RETRIEVER',
  invoke_workflow: 'CHAIN',
};

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
  // A tool call's arguments and result (an execute_tool span), else a retrieval's query and
  // documents, are its input and output, read last as Langfuse reads the tool call's: messages of
  // the span, when it has any, come first.
  const input =
    messages ??
    r.firstValue('gen_ai.prompt') ??
    promptList ??
    r.firstValue('gen_ai.tool.call.arguments', 'gen_ai.retrieval.query.text');
  const output =
    r.firstValue('gen_ai.output.messages', 'gen_ai.completion') ??
    completionList ??
    r.firstValue('gen_ai.tool.call.result', 'gen_ai.retrieval.documents');
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
    usage: readUsageDetails(r, 'gen_ai.usage.', ['cost']),
    modelParameters: requestParameters(r),
    cost: cost === undefined ? undefined : { total: cost },
    timeToFirstChunkUs: firstChunkS !== undefined && firstChunkS >= 0 ? Math.round(firstChunkS * 1e6) : undefined,
    trace: compact({ sessionId: r.string('gen_ai.conversation.id') }),
  });
}
