import { describe, expect, it } from 'vitest';
import { map } from './fixtures.ts';

describe('OpenTelemetry GenAI conventions (gen_ai.*)', () => {
  it('a chat span: model, usage, GENERATION', () => {
    const { observation } = map({
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 30,
    });
    expect(observation).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o-mini',
      usage: { input: 120, output: 30 },
    });
    expect(observation.metadata?.attributes).toEqual({ 'gen_ai.system': 'openai' }); // not consumed
  });

  it('every gen_ai.usage.* count is a usage detail under the name Langfuse gives it; the total stays for the row builder', () => {
    const { observation } = map({
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.prompt_tokens': 99,
      'gen_ai.usage.output_tokens': 40,
      'gen_ai.usage.cache_read_input_tokens': 30,
      'gen_ai.usage.cache_creation_input_tokens': '10',
      'gen_ai.usage.reasoning_tokens': 12,
      'gen_ai.usage.details.accepted_prediction_tokens': 3,
      'gen_ai.usage.note': 'not a count',
    });
    expect(observation.usage).toEqual({
      input: 60,
      output: 40,
      input_cached_tokens: 30,
      input_cache_creation: 10,
      reasoning_tokens: 12,
      accepted_prediction_tokens: 3,
    });
    expect(observation.metadata?.attributes).toEqual({ 'gen_ai.usage.note': 'not a count' });
  });

  it('cache and reasoning counts, which the conventions count inside input and output, are broken out of them', () => {
    const { observation } = map({
      'gen_ai.usage.input_tokens': 1000,
      'gen_ai.usage.output_tokens': 300,
      'gen_ai.usage.cache_read.input_tokens': 800,
      'gen_ai.usage.cache_creation.input_tokens': 150,
      'gen_ai.usage.reasoning.output_tokens': 200,
    });
    expect(observation.usage).toEqual({
      input: 50,
      output: 100,
      input_cached_tokens: 800,
      input_cache_creation: 150,
      output_reasoning_tokens: 200,
    });
  });

  it('a broken-out count larger than the count it sits in leaves that count at 0; without it, nothing is subtracted', () => {
    expect(
      map({ 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.cache_read.input_tokens': 30 }).observation.usage,
    ).toEqual({ input: 0, input_cached_tokens: 30 });
    expect(map({ 'gen_ai.usage.cache_read.input_tokens': 30 }).observation.usage).toEqual({ input_cached_tokens: 30 });
  });

  it('the response model wins over the request model', () => {
    const { observation } = map({ 'gen_ai.request.model': 'gpt-4o', 'gen_ai.response.model': 'gpt-4o-2024-08-06' });
    expect(observation.model).toBe('gpt-4o-2024-08-06');
  });

  it('older spellings: prompt/completion/total tokens, cost, flattened prompt and completion', () => {
    const { observation } = map({
      'gen_ai.request.model': 'claude-3-haiku',
      'gen_ai.usage.prompt_tokens': 5,
      'gen_ai.usage.completion_tokens': 6,
      'gen_ai.usage.total_tokens': 11,
      'gen_ai.usage.cost': 0.25,
      'gen_ai.prompt.0.role': 'system',
      'gen_ai.prompt.0.content': 'be brief',
      'gen_ai.prompt.1.role': 'user',
      'gen_ai.prompt.1.content': 'hi',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.content': 'hello',
    });
    expect(observation).toMatchObject({
      type: 'GENERATION',
      usage: { input: 5, output: 6, total: 11 },
      cost: { total: 0.25 },
      input: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      output: [{ role: 'assistant', content: 'hello' }],
    });
    expect(observation.metadata?.attributes).toBeUndefined();
  });

  it('gen_ai.input.messages / output.messages as JSON', () => {
    const { observation } = map({
      'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"q"}]}]',
      'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"a"}]}]',
    });
    expect(observation.input).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'q' }] }]);
    expect(observation.output).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'a' }] }]);
  });

  it.each([
    ['embeddings', 'EMBEDDING'],
    ['invoke_agent', 'AGENT'],
    ['create_agent', 'AGENT'],
    ['execute_tool', 'TOOL'],
    ['text_completion', 'GENERATION'],
    ['generate_content', 'GENERATION'],
  ])('gen_ai.operation.name %s → %s', (operation, type) => {
    expect(map({ 'gen_ai.operation.name': operation }).observation.type).toBe(type);
  });

  it('gen_ai.conversation.id is the session', () => {
    expect(map({ 'gen_ai.conversation.id': 'conv-9' }).trace.sessionId).toBe('conv-9');
  });
});
