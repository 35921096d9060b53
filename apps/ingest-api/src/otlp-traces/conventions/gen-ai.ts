import type { ObservationType } from '@spanhouse/schema';
import type { AttributeReader } from '../attr-reader.ts';
import { costUsd, parseJsonish, usageOf } from '../parse.ts';
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
  const input = messages ?? r.firstValue('gen_ai.prompt') ?? promptList;
  const output = r.firstValue('gen_ai.output.messages', 'gen_ai.completion') ?? completionList;
  const cost = costUsd(r.number('gen_ai.usage.cost'));
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
    usage: usageOf(
      r.firstNumber('gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens'),
      r.firstNumber('gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens'),
      r.number('gen_ai.usage.total_tokens'),
    ),
    cost: cost === undefined ? undefined : { total: cost },
    trace: compact({ sessionId: r.string('gen_ai.conversation.id') }),
  });
}
