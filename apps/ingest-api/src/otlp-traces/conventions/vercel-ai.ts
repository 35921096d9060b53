import type { AttributeReader } from '../attr-reader.ts';
import type { TokenUsage, UsageDetails } from '../../traces/model.ts';
import { parseJsonish, parseTags, tokenCount, usageOf } from '../parse.ts';
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
 * The SDK's cached input and reasoning tokens (counted inside its input and output tokens) broken
 * out of them as `input_cached_tokens` and `output_reasoning_tokens`, as Langfuse reads them, so
 * each token counts once (docs/decisions/0096-gen-ai-usage-broken-out.md).
 */
function withDetails(usage: TokenUsage | undefined, cached?: number, reasoning?: number): UsageDetails | undefined {
  if (cached === undefined && reasoning === undefined) return usage;
  const out: UsageDetails = { ...usage };
  if (cached !== undefined) {
    out.input_cached_tokens = cached;
    if (out.input !== undefined) out.input = Math.max(out.input - cached, 0);
  }
  if (reasoning !== undefined) {
    out.output_reasoning_tokens = reasoning;
    if (out.output !== undefined) out.output = Math.max(out.output - reasoning, 0);
  }
  return out;
}

/**
 * Vercel AI SDK telemetry (ai.*): the model, usage in both SDK generations' spellings
 * (promptTokens / inputTokens) with its cached and reasoning tokens broken out, prompt and
 * response, the time to a stream's first chunk, and
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
    usage: withDetails(
      usageOf(
        r.firstNumber('ai.usage.promptTokens', 'ai.usage.inputTokens', 'ai.usage.tokens'),
        r.firstNumber('ai.usage.completionTokens', 'ai.usage.outputTokens'),
        r.number('ai.usage.totalTokens'),
      ),
      tokenCount(r.number('ai.usage.cachedInputTokens')),
      tokenCount(r.number('ai.usage.reasoningTokens')),
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
