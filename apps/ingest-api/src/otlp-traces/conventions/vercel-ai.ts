import type { AttributeReader } from '../attr-reader.ts';
import { parseJsonish, parseTags, usageOf } from '../parse.ts';
import { compact, type SpanFacts } from './facts.ts';

/** Vercel AI SDK operations that are one call to a model. */
const MODEL_CALLS = new Set([
  'ai.generateText.doGenerate',
  'ai.streamText.doStream',
  'ai.generateObject.doGenerate',
  'ai.streamObject.doStream',
]);
const EMBED_CALLS = new Set(['ai.embed.doEmbed', 'ai.embedMany.doEmbed']);

/**
 * Vercel AI SDK telemetry (ai.*): the model, usage in both SDK generations' spellings
 * (promptTokens / inputTokens), prompt and response, the time to a stream's first chunk, and
 * `ai.telemetry.metadata.*`, where the
 * SDK puts the caller's metadata (userId, sessionId and tags are trace fields; the rest is
 * trace metadata).
 */
export function readVercelAi(r: AttributeReader, spanName: string): SpanFacts {
  const operation = r.string('ai.operationId') ?? spanName;
  const model = r.string('ai.model.id');
  const telemetry = r.prefixed('ai.telemetry.metadata.') ?? {};
  const { userId, sessionId, tags, ...metadata } = telemetry;
  const input = r.firstValue('ai.prompt.messages', 'ai.prompt', 'ai.toolCall.args', 'ai.values', 'ai.value');
  const output = r.firstValue('ai.response.text', 'ai.response.object', 'ai.response.toolCalls', 'ai.toolCall.result');
  // Milliseconds, rounded up to the next as Langfuse reads them.
  const msToFirstChunk = r.firstNumber('ai.response.msToFirstChunk', 'ai.stream.msToFirstChunk');
  let type: SpanFacts['type'];
  if (MODEL_CALLS.has(operation) && model) type = 'GENERATION';
  else if (EMBED_CALLS.has(operation)) type = 'EMBEDDING';
  else if (operation === 'ai.toolCall') type = 'TOOL';
  return compact({
    type,
    model,
    input: input === undefined ? undefined : parseJsonish(input),
    output: output === undefined ? undefined : parseJsonish(output),
    usage: usageOf(
      r.firstNumber('ai.usage.promptTokens', 'ai.usage.inputTokens', 'ai.usage.tokens'),
      r.firstNumber('ai.usage.completionTokens', 'ai.usage.outputTokens'),
      r.number('ai.usage.totalTokens'),
    ),
    timeToFirstChunkUs:
      msToFirstChunk !== undefined && msToFirstChunk >= 0 ? Math.ceil(msToFirstChunk) * 1000 : undefined,
    trace: compact({
      userId: typeof userId === 'string' && userId ? userId : undefined,
      sessionId: typeof sessionId === 'string' && sessionId ? sessionId : undefined,
      tags: parseTags(tags),
      metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    }),
  });
}
