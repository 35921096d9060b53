import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * Langfuse's read API as a Langfuse user reads back what the ingestion API stored: the answers'
 * values and the parameters' meaning as Langfuse defines them (its fern definitions and handlers).
 */

let t: TestApp;
const event = (id: string, type: string, body: Record<string, unknown>) => ({
  id,
  type,
  timestamp: '2026-07-01T10:00:00.000Z',
  body,
});

beforeAll(async () => {
  t = await createTestApp('langfuse-read-api');
  const res = await t.post('/api/public/ingestion', {
    batch: [
      event('e1', 'trace-create', { id: 'io-trace', timestamp: '2026-07-01T10:00:00.000Z', name: 'io' }),
      event('e2', 'generation-create', {
        id: 'io-text',
        traceId: 'io-trace',
        startTime: '2026-07-01T10:00:00.000Z',
        input: 'plain text "quoted" inside',
        output: 'The answer is 42',
      }),
      event('e3', 'span-create', {
        id: 'io-json',
        traceId: 'io-trace',
        startTime: '2026-07-01T10:00:01.000Z',
        input: { messages: [{ role: 'user', content: 'hi' }] },
        output: 42,
      }),
      event('e4', 'span-create', { id: 'io-none', traceId: 'io-trace', startTime: '2026-07-01T10:00:02.000Z' }),
    ],
  });
  expect(res.status).toBe(207);
  expect(res.body.errors).toEqual([]);
});
afterAll(() => t?.close());

describe('GET /api/public/v2/observations, fields=io', () => {
  it('answers the text Langfuse stores: a string as itself, any other value as its JSON', async () => {
    const res = await t.get('/api/public/v2/observations?traceId=io-trace&fields=core,io');
    expect(res.status).toBe(200);
    const io = Object.fromEntries(
      res.body.data.map((o: { id: string; input: unknown; output: unknown }) => [o.id, [o.input, o.output]]),
    );
    expect(io).toEqual({
      'io-text': ['plain text "quoted" inside', 'The answer is 42'],
      'io-json': ['{"messages":[{"role":"user","content":"hi"}]}', '42'],
      'io-none': [null, null],
    });
  });
});
