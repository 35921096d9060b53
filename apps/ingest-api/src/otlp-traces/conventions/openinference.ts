import type { ObservationType } from '@spanhouse/schema';
import type { AttributeReader } from '../attr-reader.ts';
import { costUsd, jsonObject, parseJsonish, parseTags } from '../parse.ts';
import { compact, observationType, type SpanFacts } from './facts.ts';
import { indexedList } from './indexed.ts';
import { readUsageDetails } from './usage-details.ts';

/** openinference.span.kind values whose name is not one of our types. */
const KIND_TYPES: Record<string, ObservationType> = { LLM: 'GENERATION', RERANKER: 'RETRIEVER' };

/** A value with its mime type: JSON text is parsed when the mime type (or the text) says so. */
function typedValue(r: AttributeReader, prefix: 'input' | 'output'): unknown {
  const value = r.take(`${prefix}.value`);
  const mime = r.string(`${prefix}.mime_type`);
  if (value === undefined) return undefined;
  return mime === undefined || mime.includes('json') ? parseJsonish(value) : value;
}

/**
 * OpenInference (Arize Phoenix instrumentations): span kind, llm.* (`llm.invocation_parameters` the
 * model parameters, `llm.token_count.*` the usage, read as gen_ai.usage.* is), input/output values,
 * tags.
 */
export function readOpenInference(r: AttributeReader): SpanFacts {
  const kind = r.string('openinference.span.kind')?.toUpperCase();
  const inputMessages = indexedList(r, 'llm.input_messages.', 'message.');
  const outputMessages = indexedList(r, 'llm.output_messages.', 'message.');
  const input = typedValue(r, 'input') ?? inputMessages;
  const output = typedValue(r, 'output') ?? outputMessages;
  const costTotal = costUsd(r.number('llm.cost.total'));
  const costInput = costUsd(r.number('llm.cost.prompt'));
  const costOutput = costUsd(r.number('llm.cost.completion'));
  // Parameters that are not a JSON object (or too deep to parse) are kept as sent, as Langfuse's are.
  const sentParameters = r.take('llm.invocation_parameters');
  const metadata = jsonObject(r.take('metadata'));
  const hasCost = costTotal !== undefined || costInput !== undefined || costOutput !== undefined;
  return compact({
    type: kind ? (KIND_TYPES[kind] ?? observationType(kind)) : undefined,
    model: r.firstString('llm.model_name', 'llm.response.model'),
    input,
    output,
    usage: readUsageDetails(r, 'llm.token_count.'),
    cost: hasCost ? compact({ input: costInput, output: costOutput, total: costTotal }) : undefined,
    modelParameters: sentParameters === undefined ? undefined : (jsonObject(sentParameters) ?? sentParameters),
    metadata,
    trace: compact({ tags: parseTags(r.take('tag.tags')) }),
  });
}
