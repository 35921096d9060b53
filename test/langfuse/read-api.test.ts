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

describe('empty page, limit and orderBy', () => {
  // Langfuse reads `page=`, `limit=` and `orderBy=` as not given (its pagination turns "" into
  // the default); a script filling a URL template with empty values gets the first page.
  it.each([
    '/api/public/traces?page=&limit=&orderBy=',
    '/api/public/observations?page=&limit=',
    '/api/public/sessions?page=&limit=',
    '/api/public/v2/scores?page=&limit=',
    '/api/public/scores?page=&limit=',
    '/api/public/metrics/daily?page=&limit=',
  ])('%s is the default page', async (path) => {
    const res = await t.get(path);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 50 });
  });

  it('v2 observations: limit= is the default limit', async () => {
    const res = await t.get('/api/public/v2/observations?traceId=io-trace&limit=');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
  });

  it('orderBy= is the default order, newest first', async () => {
    const res = await t.get('/api/public/traces?orderBy=');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual(['io-trace']);
  });

  it('a page that is not a positive integer is still a 400 naming it', async () => {
    for (const bad of ['page=0', 'page=x', 'limit=-1']) {
      const res = await t.get(`/api/public/traces?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', data: null });
      expect(res.body.message).toMatch(bad.split('=')[0]!);
    }
  });
});

describe("a trace carries every field Langfuse's Trace requires", () => {
  // Langfuse's API definition (fern, commons.yml: Trace) requires these keys; the Python SDK
  // validates answers against it and refuses a trace without one (`public`: "Field required").
  const REQUIRED = ['id', 'timestamp', 'name', 'sessionId', 'release', 'version', 'userId', 'tags', 'public', 'environment'];

  it('in the list, the single trace and a session', async () => {
    await t.post('/api/public/ingestion', {
      batch: [event('s1', 'trace-create', { id: 'in-session', sessionId: 'a-session', public: true })],
    });
    const list = (await t.get('/api/public/traces?limit=10')).body.data;
    const one = (await t.get('/api/public/traces/io-trace')).body;
    const session = (await t.get('/api/public/sessions/a-session')).body.traces;
    for (const trace of [...list, one, ...session]) {
      for (const key of REQUIRED) expect(trace, key).toHaveProperty(key);
      // No trace is shared publicly here, whatever the ingestion event said.
      expect(trace.public).toBe(false);
    }
    expect(session).toHaveLength(1);
  });
});

describe('score metadata that is not an object', () => {
  // Langfuse keeps a score's metadata that is not an object under the key `metadata` (its
  // ingestion's convertJsonSchemaToRecord), as spanhouse does for traces and observations.
  it('reads back under the key metadata, in every score read', async () => {
    const res = await t.post('/api/public/ingestion', {
      batch: [
        event('m1', 'score-create', { id: 'md-text', traceId: 'io-trace', name: 'md', value: 1, metadata: 'a note' }),
        event('m2', 'score-create', { id: 'md-list', traceId: 'io-trace', name: 'md', value: 2, metadata: [1, 2] }),
        event('m3', 'score-create', { id: 'md-none', traceId: 'io-trace', name: 'md', value: 3 }),
        event('m4', 'score-create', { id: 'md-obj', traceId: 'io-trace', name: 'md', value: 4, metadata: { k: 'v' } }),
      ],
    });
    expect(res.body.errors).toEqual([]);
    const expected = {
      'md-text': { metadata: 'a note' },
      'md-list': { metadata: [1, 2] },
      'md-none': {},
      'md-obj': { k: 'v' },
    };
    const byId = (scores: { id: string; metadata: unknown }[]) =>
      Object.fromEntries(scores.filter((s) => s.id.startsWith('md-')).map((s) => [s.id, s.metadata]));
    expect(byId((await t.get('/api/public/v2/scores?name=md')).body.data)).toEqual(expected);
    expect(byId((await t.get('/api/public/scores?name=md')).body.data)).toEqual(expected);
    expect(byId((await t.get('/api/public/traces/io-trace?fields=scores')).body.scores)).toEqual(expected);
    expect((await t.get('/api/public/v2/scores/md-text')).body.metadata).toEqual({ metadata: 'a note' });
  });
});

describe('a trailing slash', () => {
  // Langfuse's server (Next.js) redirects a path with a trailing slash to the path without it (308),
  // so a script written against Langfuse with `/api/public/traces/` reads the list.
  it.each([
    ['/api/public/traces/?limit=1', '/api/public/traces?limit=1'],
    ['/api/public/traces/io-trace/', '/api/public/traces/io-trace'],
    ['/api/public/v2/observations//?traceId=io-trace', '/api/public/v2/observations?traceId=io-trace'],
    ['/api/public/sessions/', '/api/public/sessions'],
  ])('GET %s is redirected to %s', async (path, location) => {
    const res = await t.request(path);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(location);
    expect((await t.get(location)).status).toBe(200);
  });

  it('an unknown path without the slash and /api/public/ itself stay 404s; a POST is not redirected', async () => {
    expect((await t.request('/api/public/nope')).status).toBe(404);
    expect((await t.request('/api/public/')).status).toBe(404);
    expect((await t.request('/api/public/sessions/', { method: 'POST' })).status).toBe(404);
  });
});

describe('filter conditions on input and output compare the text Langfuse stores', () => {
  // Langfuse stores a string input or output as itself, so `output = "The answer is 42"` finds it;
  // here every value is stored as JSON (`"The answer is 42"`, quotes and escapes included), and the
  // comparison reads a stored JSON string as the string it encodes.
  const filter = (column: string, operator: string, value: unknown, type = 'string') =>
    encodeURIComponent(JSON.stringify([{ type, column, operator, value }]));
  const idsOf = async (path: string) => {
    const res = await t.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: string }[]).map((x) => x.id).sort();
  };

  it.each([
    ['output', '=', 'The answer is 42', ['io-text']],
    ['output', 'starts with', 'The answer', ['io-text']],
    ['output', 'ends with', 'is 42', ['io-text']],
    ['input', 'contains', 'text "quoted" inside', ['io-text']],
    ['input', '=', 'plain text "quoted" inside', ['io-text']],
    // Any other value as its JSON text.
    ['output', '=', '42', ['io-json']],
    ['input', 'starts with', '{"messages"', ['io-json']],
  ])('observations: %s %s %j', async (column, operator, value, expected) => {
    const q = `traceId=io-trace&filter=${filter(column, operator, value)}`;
    expect(await idsOf(`/api/public/observations?${q}`)).toEqual(expected);
    expect(await idsOf(`/api/public/v2/observations?${q}`)).toEqual(expected);
  });

  it('observations: any of compares the same text', async () => {
    const q = `traceId=io-trace&filter=${filter('output', 'any of', ['The answer is 42', '42'], 'stringOptions')}`;
    expect(await idsOf(`/api/public/observations?${q}`)).toEqual(['io-json', 'io-text']);
  });

  it('traces: a string output is compared as itself', async () => {
    await t.post('/api/public/ingestion', {
      batch: [event('o1', 'trace-create', { id: 'text-out', name: 'text-out', input: 'Where is my "order"?', output: 'hello' })],
    });
    expect(await idsOf(`/api/public/traces?filter=${filter('output', '=', 'hello')}`)).toEqual(['text-out']);
    expect(await idsOf(`/api/public/traces?filter=${filter('output', 'starts with', 'hel')}`)).toEqual(['text-out']);
    expect(await idsOf(`/api/public/traces?filter=${filter('input', 'ends with', 'my "order"?')}`)).toEqual([
      'text-out',
    ]);
  });
});

describe('many tags', () => {
  const tags = Array.from({ length: 40 }, (_, i) => `tag-${i}`);

  it('a trace with every one of 40 tags asked for is listed', async () => {
    await t.post('/api/public/ingestion', {
      batch: [event('g1', 'trace-create', { id: 'many-tags', name: 'many-tags', tags })],
    });
    const res = await t.get(`/api/public/traces?${tags.map((x) => `tags=${x}`).join('&')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual(['many-tags']);
    expect(res.body.meta.totalItems).toBe(1);
  });

  it('thousands of tags are an answer (none has them all), not a 500', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `tags=tag-${i}`).join('&');
    const res = await t.get(`/api/public/traces?${many}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('a filter too large for one query', () => {
  // Each text condition looks its words up in the search index: fifty of them make a query larger
  // than ClickHouse parses. That is the request's size: a 400 that says so, not a 500.
  it.each(['/api/public/traces', '/api/public/observations', '/api/public/v2/observations'])(
    '%s: a 400 asking for fewer conditions',
    async (path) => {
      const conditions = Array.from({ length: 50 }, (_, i) => ({
        type: 'string',
        column: 'input',
        operator: 'matches',
        value: `word${i} other${i}`,
      }));
      const res = await t.get(`${path}?filter=${encodeURIComponent(JSON.stringify(conditions))}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: expect.stringMatching(/too large.*fewer filter conditions/),
        code: 'BAD_REQUEST',
        data: null,
      });
    },
  );
});
