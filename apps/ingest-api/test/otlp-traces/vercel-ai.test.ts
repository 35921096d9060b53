import { describe, expect, it } from 'vitest';
import { map } from './fixtures.ts';

describe('Vercel AI SDK telemetry (ai.*)', () => {
  it('a doGenerate span (AI SDK 4 spelling): model, usage, prompt, response, GENERATION', () => {
    const { observation } = map(
      {
        'ai.operationId': 'ai.generateText.doGenerate',
        'ai.model.id': 'gpt-4o-mini',
        'ai.model.provider': 'openai.chat',
        'ai.usage.promptTokens': 12,
        'ai.usage.completionTokens': 4,
        'ai.prompt.messages': '[{"role":"user","content":[{"type":"text","text":"hi"}]}]',
        'ai.response.text': 'hello',
      },
      { name: 'ai.generateText.doGenerate' },
    );
    expect(observation).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o-mini',
      usage: { input: 12, output: 4 },
      input: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      output: 'hello',
    });
    expect(observation.metadata?.attributes).toEqual({ 'ai.model.provider': 'openai.chat' });
  });

  it('AI SDK 5 spelling: inputTokens / outputTokens / totalTokens', () => {
    const { observation } = map({
      'ai.operationId': 'ai.streamText.doStream',
      'ai.model.id': 'claude-3-5-sonnet',
      'ai.usage.inputTokens': 100,
      'ai.usage.outputTokens': 25,
      'ai.usage.totalTokens': 125,
    });
    expect(observation).toMatchObject({ type: 'GENERATION', usage: { input: 100, output: 25, total: 125 } });
  });

  it('ai.telemetry.metadata: userId, sessionId and tags are trace fields; the rest trace metadata', () => {
    const { trace } = map({
      'ai.telemetry.metadata.userId': 'u-7',
      'ai.telemetry.metadata.sessionId': 's-7',
      'ai.telemetry.metadata.tags': ['vercel', 'prod'],
      'ai.telemetry.metadata.feature': 'search',
    });
    expect(trace).toEqual({
      userId: 'u-7',
      sessionId: 's-7',
      tags: ['vercel', 'prod'],
      metadata: { feature: 'search' },
    });
  });

  it('tool calls and embeddings get their types', () => {
    expect(map({ 'ai.operationId': 'ai.toolCall', 'ai.toolCall.args': '{"q":1}' }).observation).toMatchObject({
      type: 'TOOL',
      input: { q: 1 },
    });
    expect(map({ 'ai.operationId': 'ai.embed.doEmbed', 'ai.usage.tokens': 9 }).observation).toMatchObject({
      type: 'EMBEDDING',
      usage: { input: 9 },
    });
  });

  it('an outer ai.generateText span with a model is a GENERATION by the model fallback', () => {
    expect(map({ 'ai.operationId': 'ai.generateText', 'ai.model.id': 'gpt-4o' }).observation.type).toBe('GENERATION');
  });
});
