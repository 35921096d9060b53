import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('bad-input', { BODY_LIMIT_BYTES: '65536' });
});
afterAll(() => t?.close());

async function expectNothingStored() {
  const list = await t.get('/api/public/traces');
  expect(list.body.meta.totalItems).toBe(0);
}

describe('POST /v1/l/batch refuses bad input with 400 naming the field, storing nothing', () => {
  const good = makeBatch({ id: 'bad-1' });
  const cases: [string, unknown, RegExp][] = [
    ['malformed JSON', '{"trace": {"id": "x"', /not valid JSON/],
    ['empty body', '', /empty/],
    ['a JSON array', '[1,2]', /must be a JSON object/],
    ['missing trace', { observations: [] }, /^trace: is required$/],
    ['missing trace id', { trace: { name: 'x' } }, /^trace\.id: is required$/],
    ['empty trace id', { trace: { id: '' } }, /trace\.id/],
    ['blank trace id', { trace: { id: ' \t ' } }, /^trace\.id: must not be empty$/],
    ['trace id of the wrong type', { trace: { id: 42 } }, /trace\.id/],
    ['tags not an array', { trace: { id: 'x', tags: 'a' } }, /trace\.tags/],
    ['metadata not an object', { trace: { id: 'x', metadata: [1] } }, /trace\.metadata/],
    ['timestamp without a zone', { trace: { id: 'x', timestamp: '2026-01-01T00:00:00' } }, /trace\.timestamp/],
    ['timestamp that is not a date', { trace: { id: 'x', timestamp: 'tuesday' } }, /trace\.timestamp/],
    [
      'missing observation id',
      { ...good, observations: [{ startTime: '2026-01-01T00:00:00Z' }] },
      /observations\.0\.id/,
    ],
    ['missing startTime', { ...good, observations: [{ id: 'o' }] }, /^observations\.0\.startTime: is required$/],
    [
      'startTime without a zone',
      { ...good, observations: [{ id: 'o', startTime: '2026-01-01 00:00:00' }] },
      /observations\.0\.startTime/,
    ],
    [
      'unknown observation type',
      { ...good, observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', type: 'BANANA' }] },
      /observations\.0\.type/,
    ],
    [
      'negative tokens',
      { ...good, observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', promptTokens: -1 }] },
      /observations\.0\.promptTokens/,
    ],
    [
      'fractional tokens',
      { ...good, observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z', totalTokens: 1.5 }] },
      /observations\.0\.totalTokens/,
    ],
    [
      'observation of another trace',
      { ...good, observations: [{ id: 'o', traceId: 'someone-else', startTime: '2026-01-01T00:00:00Z' }] },
      /observations\.0\.traceId/,
    ],
    [
      'end before start',
      { ...good, observations: [{ id: 'o', startTime: '2026-01-01T00:00:01Z', endTime: '2026-01-01T00:00:00Z' }] },
      /observations\.0\.endTime/,
    ],
    [
      'the same observation id twice',
      {
        ...good,
        observations: [
          { id: 'o', startTime: '2026-01-01T00:00:00Z' },
          { id: 'o', startTime: '2026-01-01T00:00:00Z' },
        ],
      },
      /observations\.1\.id/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const res = await t.post('/v1/l/batch', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(message), code: 'BAD_REQUEST', data: null });
    await expectNothingStored();
  });

  it('a body over the limit -> 413, nothing stored', async () => {
    const huge = makeBatch({ id: 'too-big', metadata: { blob: 'x'.repeat(70_000) } });
    const res = await t.post('/v1/l/batch', huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: expect.stringMatching(/exceeds 65536 bytes/),
      code: 'PAYLOAD_TOO_LARGE',
      data: null,
    });
    await expectNothingStored();
  });

  it('one bad observation among good ones stores none of them', async () => {
    const body = makeBatch({ id: 'partly-bad' });
    body.observations.push({ id: 'bad', startTime: 'soon' } as never);
    const res = await t.post('/v1/l/batch', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/observations\.2\.startTime/);
    await expectNothingStored();
  });
});

describe('unknown routes and methods', () => {
  it('answers 404 in the error body', async () => {
    const res = await t.get('/api/public/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'no route for GET /api/public/nothing-here', code: 'NOT_FOUND', data: null });
    const res2 = await t.post('/api/public/traces', {});
    expect(res2.status).toBe(404);
    expect(res2.body.code).toBe('NOT_FOUND');
  });
});
