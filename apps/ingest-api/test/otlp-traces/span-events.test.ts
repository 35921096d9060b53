import { describe, expect, it } from 'vitest';
import { readSpanEvents, withSystemInstructions } from '../../src/otlp-traces/conventions/span-events.ts';
import { map } from './fixtures.ts';

const event = (
  name: string,
  attributes: Record<string, unknown> = {},
  timeNanos: bigint | null = 1_772_359_200_250_000_500n,
) => ({ name, timeNanos, attributes }) as never;

describe('readSpanEvents', () => {
  it('GenAI message events are the input, one message per event with its role; one choice is the output', () => {
    const facts = readSpanEvents([
      event('gen_ai.system.message', { content: 'be brief' }),
      event('gen_ai.user.message', { content: 'hi' }),
      event('gen_ai.choice', { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } }),
    ]);
    expect(facts.input).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ]);
    expect(facts.output).toEqual({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } });
    expect(facts.events).toBeUndefined();
  });

  it('several choices are a list', () => {
    const facts = readSpanEvents([event('gen_ai.choice', { index: 0 }), event('gen_ai.choice', { index: 1 })]);
    expect(facts.output).toEqual([{ index: 0 }, { index: 1 }]);
  });

  it('an operation-details event carries the current attributes, system instructions in front', () => {
    const facts = readSpanEvents([
      event('gen_ai.client.inference.operation.details', {
        'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]',
        'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"yo"}]}]',
        'gen_ai.system_instructions': '[{"type":"text","content":"be kind"}]',
      }),
    ]);
    expect(facts.input).toEqual([
      { role: 'system', content: 'be kind' },
      { role: 'user', parts: [{ type: 'text', content: 'hi' }] },
    ]);
    expect(facts.output).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'yo' }] }]);
  });

  it('other events are kept with their time to the microsecond; an exception yields its message', () => {
    const facts = readSpanEvents([
      event('cache.miss', { key: 'k1' }),
      event('exception', { 'exception.type': 'TimeoutError', 'exception.message': 'upstream timed out' }),
    ]);
    expect(facts.events).toEqual([
      { name: 'cache.miss', time: '2026-03-01T10:00:00.250000Z', attributes: { key: 'k1' } },
      {
        name: 'exception',
        time: '2026-03-01T10:00:00.250000Z',
        attributes: { 'exception.type': 'TimeoutError', 'exception.message': 'upstream timed out' },
      },
    ]);
    expect(facts.exception).toBe('upstream timed out');
    expect(readSpanEvents([event('exception', { 'exception.type': 'E' })]).exception).toBe('E');
  });

  it('a message list that has a system message keeps it; non-lists stay as they are', () => {
    const list = [{ role: 'system', content: 'a' }];
    expect(withSystemInstructions(list, 'b')).toBe(list);
    expect(withSystemInstructions('text', 'b')).toBe('text');
  });
});

describe('events on the mapped span', () => {
  it('fill IO only when no attribute does, and set level ERROR with the status message', () => {
    const events = [
      event('gen_ai.user.message', { content: 'from event' }),
      event('exception', { 'exception.message': 'x' }),
    ];
    const fromEvents = map({}, { events }).observation;
    expect(fromEvents).toMatchObject({
      input: [{ role: 'user', content: 'from event' }],
      level: 'ERROR',
      statusMessage: 'x',
    });
    const fromAttribute = map(
      { 'gen_ai.input.messages': '[{"role":"user","content":"attr"}]' },
      { events },
    ).observation;
    expect(fromAttribute.input).toEqual([{ role: 'user', content: 'attr' }]);
    const failed = map({}, { statusCode: 2, statusMessage: 'boom', events }).observation;
    expect(failed).toMatchObject({ level: 'ERROR', statusMessage: 'boom' });
    expect(map({}).observation.level).toBeUndefined();
  });

  it('gen_ai.system_instructions goes in front of gen_ai.input.messages', () => {
    const { observation } = map({
      'gen_ai.input.messages': '[{"role":"user","content":"hi"}]',
      'gen_ai.system_instructions': 'be brief',
    });
    expect(observation.input).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ]);
    expect(observation.metadata?.attributes).toBeUndefined();
  });
});
