import { OBSERVATION_TYPES } from '@spanhouse/schema';
import { describe, expect, it } from 'vitest';
import { map } from './fixtures.ts';

describe('Langfuse attributes (what @langfuse/tracing sends)', () => {
  it.each(OBSERVATION_TYPES.map((t) => [t.toLowerCase(), t]))('langfuse.observation.type %s → %s', (sent, type) => {
    expect(map({ 'langfuse.observation.type': sent }).observation.type).toBe(type);
  });

  it('a generation: model, JSON IO, usage and cost details as JSON text', () => {
    const { observation } = map({
      'langfuse.observation.type': 'generation',
      'langfuse.observation.model.name': 'gpt-4o',
      'langfuse.observation.input': '[{"role":"user","content":"hi"}]',
      'langfuse.observation.output': '{"role":"assistant","content":"hello"}',
      'langfuse.observation.usage_details': '{"input":10,"output":20}',
      'langfuse.observation.cost_details': '{"input":0.001,"output":0.002,"total":0.003}',
      'langfuse.observation.model.parameters': '{"temperature":0.5}',
      'langfuse.observation.level': 'WARNING',
    });
    expect(observation).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o',
      input: [{ role: 'user', content: 'hi' }],
      output: { role: 'assistant', content: 'hello' },
      usage: { input: 10, output: 20 }, // total absent: the row builder sums input + output
      cost: { input: 0.001, output: 0.002, total: 0.003 },
    });
    expect(observation.usage?.total).toBeUndefined();
    // Langfuse's named keys are the observation's own fields, not metadata.
    expect(observation).toMatchObject({ modelParameters: { temperature: 0.5 }, level: 'WARNING' });
    expect(observation.metadata).toEqual({});
  });

  it('usage details in OpenAI spelling, with total', () => {
    const { observation } = map({
      'langfuse.observation.usage_details': '{"prompt_tokens":7,"completion_tokens":3,"total_tokens":10}',
    });
    expect(observation.usage).toEqual({ input: 7, output: 3, total: 10 });
  });

  it('langfuse.generation.model and a model alone make a GENERATION', () => {
    expect(map({ 'langfuse.generation.model': 'claude-3-5-sonnet' }).observation).toMatchObject({
      type: 'GENERATION',
      model: 'claude-3-5-sonnet',
    });
  });

  it('an explicit non-span type wins over a model', () => {
    expect(
      map({ 'langfuse.observation.type': 'embedding', 'langfuse.observation.model.name': 'e5' }).observation,
    ).toMatchObject({ type: 'EMBEDDING', model: 'e5' });
  });

  it('plain text IO stays text', () => {
    const { observation } = map({ 'langfuse.observation.input': 'hello there' });
    expect(observation.input).toBe('hello there');
  });

  it('observation metadata: the JSON object and flattened keys, values parsed when JSON', () => {
    const { observation } = map({
      'langfuse.observation.metadata': '{"a":1}',
      'langfuse.observation.metadata.shard': '3',
      'langfuse.observation.metadata.owner': 'team-x',
      'langfuse.observation.metadata.nested': '{"deep":true}',
    });
    expect(observation.metadata).toEqual({ a: 1, shard: 3, owner: 'team-x', nested: { deep: true } });
  });

  it('metadata that is not an object is kept under `metadata`', () => {
    expect(map({ 'langfuse.observation.metadata': '[1,2]' }).observation.metadata).toEqual({ metadata: [1, 2] });
  });

  it('trace fields: name, user, session, tags, metadata, release, version, environment, IO', () => {
    const { trace, observation } = map({
      'langfuse.trace.name': 'checkout',
      'user.id': 'u1',
      'session.id': 's1',
      'langfuse.trace.tags': ['a', 'b'],
      'langfuse.trace.metadata.team': 'search',
      'langfuse.trace.metadata': '{"plan":"pro"}',
      'langfuse.release': 'r-7',
      'langfuse.version': 'v2',
      'langfuse.environment': 'production',
      'langfuse.trace.input': '{"q":"x"}',
      'langfuse.trace.output': 'done',
      'langfuse.trace.public': true,
    });
    expect(trace).toEqual({
      name: 'checkout',
      userId: 'u1',
      sessionId: 's1',
      tags: ['a', 'b'],
      metadata: { plan: 'pro', team: 'search' },
      release: 'r-7',
      version: 'v2',
      environment: 'production',
      input: { q: 'x' },
      output: 'done',
    });
    expect(observation.environment).toBe('production');
    expect(observation.metadata).toEqual({}); // everything was consumed
  });

  it.each([
    ['an array', ['x', 'y']],
    ['a JSON array text', '["x","y"]'],
    ['a comma-separated text', 'x, y'],
  ])('tags as %s', (_label, tags) => {
    expect(map({ 'langfuse.trace.tags': tags }).trace.tags).toEqual(['x', 'y']);
  });

  it('langfuse.user.id and langfuse.session.id are read too', () => {
    expect(map({ 'langfuse.user.id': 'u2', 'langfuse.session.id': 's2' }).trace).toMatchObject({
      userId: 'u2',
      sessionId: 's2',
    });
  });

  it('langfuse.internal.as_root makes a child span a trace root', () => {
    expect(map({}).isRoot).toBe(false);
    expect(map({ 'langfuse.internal.as_root': true }).isRoot).toBe(true);
  });
});
