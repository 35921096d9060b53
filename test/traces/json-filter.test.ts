import { randomUUID } from 'node:crypto';
import type { ProjectParams } from '@spanhouse/db';
import { boundTextScan } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject, TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// Langfuse's JSON `filter` parameter on the trace list and the observation lists (docs/langfuse.md):
// each condition against four traces whose fields, observations and scores differ in checkable ways.
let t: TestApp;

const TS = {
  a: '2026-04-01T10:00:00.000Z',
  b: '2026-04-02T10:00:00.000Z',
  c: '2026-04-03T10:00:00.000Z',
  d: '2026-04-04T10:00:00.000Z',
};
const at = (ts: string, secs: number) => new Date(Date.parse(ts) + secs * 1000).toISOString();
const event = (type: string, body: Record<string, unknown>) => ({ id: randomUUID(), type, timestamp: TS.a, body });

const EVENTS = [
  event('trace-create', {
    id: 'a',
    timestamp: TS.a,
    name: 'support',
    userId: 'u1',
    sessionId: 's1',
    environment: 'prod',
    tags: ['x', 'y'],
    input: { q: 'My package had a late delivery, refund please' },
    output: 'We refunded you.',
    metadata: { plan: 'pro', region: 'eu', n: 3 },
  }),
  event('generation-create', {
    id: 'a-gen',
    traceId: 'a',
    name: 'answer',
    model: 'gpt-4o-mini',
    startTime: TS.a,
    endTime: at(TS.a, 4),
    usage: { input: 100, output: 50 },
    level: 'ERROR',
    input: '東京に行きたい',
    metadata: { step: 'first' },
  }),
  event('trace-create', {
    id: 'b',
    timestamp: TS.b,
    name: 'billing',
    userId: 'u2',
    sessionId: 's1',
    environment: 'dev',
    tags: ['x'],
    input: 'Invoice question about billing-check',
    output: 'Sure',
    metadata: { plan: 'free' },
  }),
  event('generation-create', {
    id: 'b-gen',
    traceId: 'b',
    name: 'answer',
    model: 'gpt-4o-mini',
    startTime: TS.b,
    endTime: at(TS.b, 1),
    usage: { input: 1000, output: 10 },
    level: 'WARNING',
    input: 'billing question',
  }),
  event('trace-create', {
    id: 'c',
    timestamp: TS.c,
    name: 'support',
    userId: 'u1',
    sessionId: 's2',
    environment: 'prod',
    input: '東京に行きたい',
    metadata: { plan: 'pro', region: 'us' },
  }),
  event('trace-create', {
    id: 'd',
    timestamp: TS.d,
    name: 'other',
    userId: 'u3',
    environment: 'prod',
    tags: ['y'],
    input: 'refunded twice',
  }),
  event('span-create', { id: 'd-span', traceId: 'd', name: 'work', startTime: TS.d, endTime: at(TS.d, 3) }),
  event('generation-create', {
    id: 'd-gen',
    traceId: 'd',
    name: 'draft',
    startTime: at(TS.d, 1),
    endTime: at(TS.d, 2),
    level: 'DEBUG',
    parentObservationId: 'd-span',
  }),
  event('score-create', { id: 'sa1', traceId: 'a', name: 'quality', value: 0.9, dataType: 'NUMERIC' }),
  event('score-create', { id: 'sa2', traceId: 'a', name: 'tone', value: 'polite', dataType: 'CATEGORICAL' }),
  event('score-create', { id: 'sb1', traceId: 'b', name: 'quality', value: 0.2, dataType: 'NUMERIC' }),
  event('score-create', { id: 'sc1', traceId: 'c', name: 'tone', value: 'rude', dataType: 'CATEGORICAL' }),
  event('score-create', { id: 'sd1', traceId: 'd', name: 'correct', value: 1, dataType: 'BOOLEAN' }),
];

beforeAll(async () => {
  t = await createTestApp('json-filter');
  const res = await t.post('/api/public/ingestion', { batch: EVENTS });
  expect(res.status).toBe(207);
  expect(res.body.errors).toEqual([]);
  // A later update, in a request of its own (another piece), shortens a-gen to 2 s: a's summaries
  // (4 s) are then only a bound of its latency.
  const update = {
    ...event('generation-update', { id: 'a-gen', traceId: 'a', endTime: at(TS.a, 2) }),
    timestamp: at(TS.a, 60),
  };
  expect((await t.post('/api/public/ingestion', { batch: [update] })).body.errors).toEqual([]);
});
afterAll(() => t?.close());

const q = (filter: unknown, extra = '') => `filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

async function traces(filter: unknown, extra = ''): Promise<{ ids: string[]; total: number }> {
  const res = await t.get(`/api/public/traces?${q(filter, extra)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: res.body.data.map((x: { id: string }) => x.id), total: res.body.meta.totalItems };
}

const str = (column: string, operator: string, value: string) => ({ type: 'string', column, operator, value });
const num = (column: string, operator: string, value: number) => ({ type: 'number', column, operator, value });
const meta = (key: string, operator: string, value: string) => ({
  type: 'stringObject',
  column: 'metadata',
  key,
  operator,
  value,
});
const opts = (column: string, operator: string, value: string[]) => ({
  type: 'stringOptions',
  column,
  operator,
  value,
});

describe('trace list filter', () => {
  it.each<[string, unknown[], string[]]>([
    ['string =', [str('userId', '=', 'u1')], ['c', 'a']],
    ['display name as the column', [str('User ID', '=', 'u2')], ['b']],
    ['id', [str('id', '=', 'c')], ['c']],
    ['name any of', [opts('name', 'any of', ['support', 'billing'])], ['c', 'b', 'a']],
    ['name none of', [opts('traceName', 'none of', ['support'])], ['d', 'b']],
    ['name starts with', [str('name', 'starts with', 'sup')], ['c', 'a']],
    ['name ends with', [str('name', 'ends with', 'ing')], ['b']],
    ['name does not contain', [str('name', 'does not contain', 'o')], ['b']],
    ['timestamp >=', [{ type: 'datetime', column: 'timestamp', operator: '>=', value: TS.b }], ['d', 'c', 'b']],
    [
      'timestamp < (milliseconds)',
      [{ type: 'datetime', column: 'timestamp', operator: '<', value: Date.parse(TS.b) }],
      ['a'],
    ],
    ['tags any of', [{ type: 'arrayOptions', column: 'tags', operator: 'any of', value: ['y'] }], ['d', 'a']],
    ['tags all of', [{ type: 'arrayOptions', column: 'tags', operator: 'all of', value: ['x', 'y'] }], ['a']],
    ['tags none of', [{ type: 'arrayOptions', column: 'traceTags', operator: 'none of', value: ['x'] }], ['d', 'c']],
    ['environment none of', [opts('environment', 'none of', ['prod'])], ['b']],
    ['sessionId is null', [{ type: 'null', column: 'sessionId', operator: 'is null', value: '' }], ['d']],
    [
      'sessionId is not null',
      [{ type: 'null', column: 'sessionId', operator: 'is not null', value: '' }],
      ['c', 'b', 'a'],
    ],
    ['metadata =', [meta('plan', '=', 'pro')], ['c', 'a']],
    ['metadata number value', [meta('n', '=', '3')], ['a']],
    ['metadata starts with', [meta('region', 'starts with', 'e')], ['a']],
    ['metadata contains', [meta('region', 'contains', 'u')], ['c', 'a']],
    ['metadata does not contain: only traces with the key', [meta('region', 'does not contain', 'e')], ['c']],
    ['input contains a word part (a read of the text)', [str('input', 'contains', 'refund')], ['d', 'a']],
    ['input contains, case matters', [str('input', 'contains', 'Refund')], []],
    ['input contains whole words (the index first)', [str('input', 'contains', ' late delivery,')], ['a']],
    ['input contains words inside others', [str('input', 'contains', 'late deliver')], ['a']],
    ['input contains Japanese: the trace’s own input only', [str('input', 'contains', '東京')], ['c']],
    ['input does not contain', [str('input', 'does not contain', 'refund')], ['c', 'b']],
    ['output contains', [str('output', 'contains', 'refunded')], ['a']],
    ['output is null', [{ type: 'null', column: 'output', operator: 'is null', value: '' }], ['d', 'c']],
    ['input matches: whole words, any case', [str('input', 'matches', 'REFUND')], ['a']],
    ['input matches: the column’s own text, not the trace’s other texts', [str('input', 'matches', 'refunded')], ['d']],
    ['input matches a phrase', [str('input', 'matches', 'late delivery')], ['a']],
    ['input matches Japanese', [str('input', 'matches', '東京')], ['c']],
    ['metadata matches', [meta('plan', 'matches', 'PRO')], ['c', 'a']],
    ['latency >', [num('latency', '>', 1.5)], ['d', 'a']],
    ['latency after an update', [num('latency', '>=', 3)], ['d']],
    ['latency = 0 without observations', [num('Latency (s)', '=', 0)], ['c']],
    ['inputTokens >', [num('inputTokens', '>', 50)], ['b', 'a']],
    ['totalTokens >=', [num('totalTokens', '>=', 1000)], ['b']],
    ['totalCost > 0', [num('totalCost', '>', 0)], ['b', 'a']],
    ['level any of', [opts('level', 'any of', ['ERROR'])], ['a']],
    ['level any of two', [opts('level', 'any of', ['WARNING', 'ERROR'])], ['b', 'a']],
    ['level none of', [opts('level', 'none of', ['ERROR'])], ['d', 'c', 'b']],
    ['errorCount > 0', [num('errorCount', '>', 0)], ['a']],
    ['warningCount = 0 (no observations counts 0)', [num('warningCount', '=', 0)], ['d', 'c', 'a']],
    ['debugCount >= 1', [num('Debug Level Count', '>=', 1)], ['d']],
    [
      'numeric score',
      [{ type: 'numberObject', column: 'scores_avg', key: 'quality', operator: '>', value: 0.5 }],
      ['a'],
    ],
    [
      'numeric score, legacy column',
      [{ type: 'numberObject', column: 'scores', key: 'quality', operator: '<=', value: 0.5 }],
      ['b'],
    ],
    [
      'categorical score any of',
      [{ type: 'categoryOptions', column: 'score_categories', key: 'tone', operator: 'any of', value: ['polite'] }],
      ['a'],
    ],
    [
      'categorical score none of',
      [{ type: 'categoryOptions', column: 'score_categories', key: 'tone', operator: 'none of', value: ['polite'] }],
      ['d', 'c', 'b'],
    ],
    [
      'boolean score',
      [{ type: 'booleanObject', column: 'score_booleans', key: 'correct', operator: '=', value: true }],
      ['d'],
    ],
    ['two conditions: all hold', [str('userId', '=', 'u1'), opts('level', 'any of', ['ERROR'])], ['a']],
    ['empty array: no filter', [], ['d', 'c', 'b', 'a']],
  ])('%s', async (_, filter, expected) => {
    const got = await traces(filter);
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(expected.length);
  });

  it('counts every match in meta.totalItems, not the page', async () => {
    const got = await traces([opts('name', 'any of', ['support', 'billing'])], '&limit=1&page=2');
    expect(got).toEqual({ ids: ['b'], total: 3 });
  });

  it('overrides the simple parameter of the same column, and combines with the others', async () => {
    expect((await traces([str('userId', '=', 'u1')], '&userId=u2')).ids).toEqual(['c', 'a']);
    expect((await traces([str('userId', '=', 'u1')], '&tags=x')).ids).toEqual(['a']);
    const before = { type: 'datetime', column: 'timestamp', operator: '<', value: TS.c };
    expect((await traces([before], `&fromTimestamp=${TS.c}`)).ids).toEqual(['b', 'a']);
  });

  it('combines with search and every order', async () => {
    expect((await traces([str('userId', '=', 'u1')], '&search=refund')).ids).toEqual(['a']);
    expect((await traces([opts('environment', 'any of', ['prod'])], '&orderBy=latency.desc')).ids).toEqual([
      'd',
      'a',
      'c',
    ]);
  });
});

async function observations(path: string, filter: unknown, extra = ''): Promise<string[]> {
  const res = await t.get(`${path}?${q(filter, extra)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (path.includes('/v2/')) expect(res.body.meta).not.toHaveProperty('totalItems');
  else expect(res.body.meta.totalItems).toBe(res.body.data.length);
  return res.body.data.map((x: { id: string }) => x.id);
}

describe('observation list filter', () => {
  it.each<[string, unknown[], string[]]>([
    ['type any of', [opts('type', 'any of', ['GENERATION'])], ['d-gen', 'b-gen', 'a-gen']],
    ['level =', [str('level', '=', 'ERROR')], ['a-gen']],
    ['level any of with DEFAULT', [opts('level', 'any of', ['DEFAULT'])], ['d-span']],
    ['model', [opts('model', 'any of', ['gpt-4o-mini'])], ['b-gen', 'a-gen']],
    ['inputTokens >', [num('inputTokens', '>', 500)], ['b-gen']],
    ['latency >=', [num('latency', '>=', 2)], ['d-span', 'a-gen']],
    ['totalCost > 0', [num('totalCost', '>', 0)], ['b-gen', 'a-gen']],
    ['startTime >', [{ type: 'datetime', column: 'startTime', operator: '>', value: TS.d }], ['d-gen']],
    ['endTime <=', [{ type: 'datetime', column: 'End Time', operator: '<=', value: at(TS.b, 1) }], ['b-gen', 'a-gen']],
    ['isRootObservation', [{ type: 'boolean', column: 'isRootObservation', operator: '=', value: false }], ['d-gen']],
    ['trace userId', [str('userId', '=', 'u1')], ['a-gen']],
    [
      'trace tags',
      [{ type: 'arrayOptions', column: 'tags', operator: 'any of', value: ['y'] }],
      ['d-gen', 'd-span', 'a-gen'],
    ],
    ['trace name', [opts('traceName', 'any of', ['billing'])], ['b-gen']],
    ['metadata', [meta('step', '=', 'first')], ['a-gen']],
    ['input contains Japanese', [str('input', 'contains', '東京')], ['a-gen']],
    ['input contains a word part', [str('input', 'contains', 'illing')], ['b-gen']],
    ['name none of', [opts('name', 'none of', ['answer'])], ['d-gen', 'd-span']],
    ['input matches', [str('input', 'matches', 'BILLING question')], ['b-gen']],
    ['input matches no word part', [str('input', 'matches', 'bill')], []],
    // Observations without an environment of their own show their trace's, and are filtered by it.
    ['environment from the trace', [opts('environment', 'any of', ['dev'])], ['b-gen']],
    ['environment none of', [opts('environment', 'none of', ['prod'])], ['b-gen']],
  ])('%s', async (_, filter, expected) => {
    expect(await observations('/api/public/observations', filter)).toEqual(expected);
    expect(await observations('/api/public/v2/observations', filter)).toEqual(expected);
  });

  it("the environment parameter reads an observation's trace's where it has none", async () => {
    for (const path of ['/api/public/observations', '/api/public/v2/observations']) {
      expect(await observations(path, [], '&environment=prod')).toEqual(['d-gen', 'd-span', 'a-gen']);
      expect(await observations(path, [], '&environment=dev&environment=default')).toEqual(['b-gen']);
    }
  });

  it('overrides the simple parameter of the same column', async () => {
    expect(await observations('/api/public/observations', [str('name', '=', 'draft')], '&name=answer')).toEqual([
      'd-gen',
    ]);
    expect(await observations('/api/public/v2/observations', [str('name', '=', 'draft')], '&name=answer')).toEqual([
      'd-gen',
    ]);
  });
});

describe('bad filters are 400s naming what is wrong', () => {
  it.each<[string, string, RegExp]>([
    ['not JSON', '[{', /filter must be JSON/],
    ['not an array', JSON.stringify({ type: 'string' }), /filter must be a JSON array/],
    [
      'unknown type',
      JSON.stringify([{ type: 'regex', column: 'name', operator: '=', value: 'x' }]),
      /filter\[0\]\.type must be one of/,
    ],
    ['unknown column', JSON.stringify([str('nope', '=', 'x')]), /filter\[0\]\.column "nope" is not one of the trace columns/],
    [
      'a column spanhouse does not store',
      JSON.stringify([{ type: 'boolean', column: 'bookmarked', operator: '=', value: true }]),
      /bookmarked.*does not store bookmarks/,
    ],
    [
      'operator of another type',
      JSON.stringify([str('name', '>', 'x')]),
      /filter\[0\]\.operator must be one of .* for type string/,
    ],
    [
      'type that does not fit the column',
      JSON.stringify([num('userId', '=', 1)]),
      /type number does not fit column userId/,
    ],
    [
      'wrong value type',
      JSON.stringify([num('latency', '>', 'slow' as unknown as number)]),
      /filter\[0\]\.value must be a number/,
    ],
    [
      'missing key',
      JSON.stringify([{ type: 'stringObject', column: 'metadata', operator: '=', value: 'x' }]),
      /filter\[0\]\.key/,
    ],
    [
      'bad date',
      JSON.stringify([{ type: 'datetime', column: 'timestamp', operator: '>', value: 'yesterday' }]),
      /filter\[0\]\.value must be an ISO date-time/,
    ],
    ['empty options', JSON.stringify([opts('name', 'any of', [])]), /filter\[0\]\.value must not be empty/],
    ['matches with nothing to look up', JSON.stringify([str('input', 'matches', '?!')]), /`matches` needs a word/],
    [
      'matches on a column that is not text',
      JSON.stringify([str('userId', 'matches', 'u1')]),
      /matches is for input, output and metadata/,
    ],
    [
      'a score filter without its key',
      JSON.stringify([{ type: 'numberObject', column: 'scores_avg', operator: '>', value: 1 }]),
      /filter\[0\]\.key/,
    ],
  ])('%s', async (_, filter, message) => {
    const res = await t.get(`/api/public/traces?filter=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', data: null });
    expect(res.body.message).toMatch(message);
  });

  it('checks the observation columns on the observation lists', async () => {
    for (const path of ['/api/public/observations', '/api/public/v2/observations']) {
      const res = await t.get(`${path}?${q([str('release', '=', 'x')])}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/"release" is not one of the observation columns/);
    }
  });

  it('bounds a read of the text by the rows the other conditions leave, counted first', async () => {
    const count = (p: ProjectParams) => `SELECT count() AS n ${fromProject(TABLES.traces, p, { final: true })}`;
    await expect(boundTextScan(t.db, DEFAULT_PROJECT_ID, count, 'trace', undefined, 3)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/reads the text of every trace the other conditions leave: 4 here, at most 3/),
    });
    await expect(boundTextScan(t.db, DEFAULT_PROJECT_ID, count, 'trace', undefined, 4)).resolves.toBeUndefined();
  });

  it('takes values as parameters, never as SQL', async () => {
    const got = await traces([str('name', '=', "x' OR 1=1 --")]);
    expect(got).toEqual({ ids: [], total: 0 });
  });
});
