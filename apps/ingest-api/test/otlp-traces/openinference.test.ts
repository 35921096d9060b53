import { describe, expect, it } from 'vitest';
import { map } from './fixtures.ts';

describe('OpenInference conventions', () => {
  it('an LLM span: model, token counts, cost, JSON input/output values', () => {
    const { observation } = map({
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'gpt-4o',
      'llm.token_count.prompt': 40,
      'llm.token_count.completion': 8,
      'llm.token_count.total': 48,
      'llm.cost.total': 0.0012,
      'llm.invocation_parameters': '{"temperature":0}',
      'input.value': '{"messages":[{"role":"user","content":"hi"}]}',
      'input.mime_type': 'application/json',
      'output.value': 'hello',
      'output.mime_type': 'text/plain',
    });
    expect(observation).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o',
      usage: { input: 40, output: 8, total: 48 },
      cost: { total: 0.0012 },
      input: { messages: [{ role: 'user', content: 'hi' }] },
      output: 'hello',
      modelParameters: { temperature: 0 },
    });
    expect(observation.metadata).toEqual({});
  });

  it('a text/plain value that looks like JSON stays text', () => {
    expect(map({ 'input.value': '[1, 2]', 'input.mime_type': 'text/plain' }).observation.input).toBe('[1, 2]');
  });

  it('flattened llm.input_messages / llm.output_messages', () => {
    const { observation } = map({
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.content': 'ping',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.content': 'pong',
    });
    expect(observation.input).toEqual([{ role: 'user', content: 'ping' }]);
    expect(observation.output).toEqual([{ role: 'assistant', content: 'pong' }]);
  });

  it.each([
    ['CHAIN', 'CHAIN'],
    ['TOOL', 'TOOL'],
    ['AGENT', 'AGENT'],
    ['RETRIEVER', 'RETRIEVER'],
    ['RERANKER', 'RETRIEVER'],
    ['EMBEDDING', 'EMBEDDING'],
    ['GUARDRAIL', 'GUARDRAIL'],
    ['EVALUATOR', 'EVALUATOR'],
    ['UNKNOWN', 'SPAN'],
  ])('openinference.span.kind %s → %s', (kind, type) => {
    expect(map({ 'openinference.span.kind': kind }).observation.type).toBe(type);
  });

  it('tag.tags are trace tags; metadata JSON is observation metadata', () => {
    const mapped = map({ 'tag.tags': ['beta', 'eu'], metadata: '{"tenant":"acme"}' });
    expect(mapped.trace.tags).toEqual(['beta', 'eu']);
    expect(mapped.observation.metadata).toEqual({ tenant: 'acme' });
  });
});
