import { describe, expect, it } from 'vitest';
import { previewOf, toChatMessages } from '../src/chat/messages.ts';

describe('toChatMessages: OpenAI', () => {
  it('reads a message list with string and part contents, tool calls and tool results', () => {
    const messages = toChatMessages([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Paris?' },
          { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":18}' },
      { role: 'assistant', name: 'bot', content: 'It is 18 °C.' },
    ]);
    expect(messages).toEqual([
      { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
      {
        role: 'user',
        parts: [
          { kind: 'text', text: 'Weather in Paris?' },
          { kind: 'image', source: 'https://x.test/a.png' },
        ],
      },
      {
        role: 'assistant',
        parts: [{ kind: 'tool-call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { role: 'tool', parts: [{ kind: 'tool-result', id: 'call_1', content: { temp: 18 } }] },
      { role: 'assistant', name: 'bot', parts: [{ kind: 'text', text: 'It is 18 °C.' }] },
    ]);
  });

  it('reads a request body ({messages}) and a response ({choices})', () => {
    expect(toChatMessages({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })).toEqual([
      { role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
    ]);
    expect(toChatMessages({ choices: [{ index: 0, message: { role: 'assistant', content: 'hello' } }] })).toEqual([
      { role: 'assistant', parts: [{ kind: 'text', text: 'hello' }] },
    ]);
  });

  it('reads a single message object and the legacy function_call', () => {
    expect(toChatMessages({ role: 'user', content: 'hi' })).toEqual([
      { role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
    ]);
    expect(toChatMessages({ role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } })).toEqual(
      [{ role: 'assistant', parts: [{ kind: 'tool-call', id: undefined, name: 'f', arguments: {} }] }],
    );
  });
});

describe('toChatMessages: Anthropic', () => {
  it('reads system, content blocks, tool_use and tool_result', () => {
    const messages = toChatMessages({
      system: 'You are terse.',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'need a tool' },
            { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '3 °C' }] }],
        },
      ],
    });
    expect(messages).toEqual([
      { role: 'system', parts: [{ kind: 'text', text: 'You are terse.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        parts: [
          { kind: 'reasoning', text: 'need a tool' },
          { kind: 'tool-call', id: 'toolu_1', name: 'weather', arguments: { city: 'Oslo' } },
        ],
      },
      { role: 'user', parts: [{ kind: 'tool-result', id: 'toolu_1', content: '3 °C' }] },
    ]);
  });

  it('reads a response message', () => {
    expect(toChatMessages({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Cold.' }] })).toEqual([
      { role: 'assistant', parts: [{ kind: 'text', text: 'Cold.' }] },
    ]);
  });
});

describe('toChatMessages: OpenTelemetry GenAI', () => {
  it('reads parts: text, tool_call, tool_call_response', () => {
    expect(
      toChatMessages([
        { role: 'user', parts: [{ type: 'text', content: 'Add 2 and 3' }] },
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 5 }] },
        { role: 'assistant', parts: [{ type: 'text', content: '5' }], finish_reason: 'stop' },
      ]),
    ).toEqual([
      { role: 'user', parts: [{ kind: 'text', text: 'Add 2 and 3' }] },
      { role: 'assistant', parts: [{ kind: 'tool-call', id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] },
      { role: 'tool', parts: [{ kind: 'tool-result', id: 'c1', content: 5 }] },
      { role: 'assistant', parts: [{ kind: 'text', text: '5' }] },
    ]);
  });
});

describe('not a conversation', () => {
  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['null', null],
    ['an empty list', []],
    ['a list with a non-message', [{ role: 'user', content: 'x' }, { foo: 1 }]],
    ['an object without role', { query: 'q', k: 5 }],
    ['a role without content', { role: 'admin' }],
  ])('%s', (_, value) => {
    expect(toChatMessages(value)).toBeNull();
  });
});

describe('previewOf', () => {
  it('shows the last user message of an input and the last message of an output', () => {
    const input = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer' },
      { role: 'user', content: 'second' },
    ];
    expect(previewOf(input, 'input')).toBe('second');
    expect(previewOf({ role: 'assistant', content: 'done' }, 'output')).toBe('done');
    expect(previewOf({ role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: '{}' } }] }, 'output')).toBe(
      '→ f()',
    );
  });

  it('shows text as is and anything else as JSON', () => {
    expect(previewOf('plain', 'input')).toBe('plain');
    expect(previewOf({ query: 'q' }, 'input')).toBe('{"query":"q"}');
    expect(previewOf(null, 'output')).toBe('');
  });
});
