import { WEAK_VERSION } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { normalizeEnvironment } from '../../src/environment.ts';
import { mapBatch, parseBatch, tracelessObservations } from '../../src/langfuse-ingestion/map-batch.ts';
import { usageDetailsOf, usageOfEvent } from '../../src/langfuse-ingestion/usage.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:00:01.000Z';
const us = (iso: string) => Date.parse(iso) * 1000;
const ev = (id: string, type: string, body: Record<string, unknown>, timestamp = T0) => ({ id, type, timestamp, body });

describe('usage forms', () => {
  it('legacy usage: input/output/total, or promptTokens/completionTokens/totalTokens, and its costs', () => {
    expect(usageOfEvent({ usage: { input: 5, output: 2, total: 7, inputCost: 0.1 } as never })).toEqual({
      usage: { input: 5, output: 2, total: 7 },
      cost: { input: 0.1 },
    });
    expect(usageOfEvent({ usage: { promptTokens: 9, completionTokens: 1 } as never })).toEqual({
      usage: { input: 9, output: 1 },
      cost: undefined,
    });
  });

  it('usageDetails overlay the legacy usage key by key; costDetails likewise', () => {
    expect(
      usageOfEvent({
        usage: { input: 5, output: 2 } as never,
        usageDetails: { output: 3, reasoning: 4 },
        costDetails: { total: 0.5, bad: -1 },
      }),
    ).toEqual({ usage: { input: 5, output: 3, reasoning: 4 }, cost: { total: 0.5 } });
  });

  it('OpenAI shapes are broken out and their details subtracted; other maps keep non-negative integers', () => {
    expect(
      usageDetailsOf({
        input_tokens: 100,
        output_tokens: 50,
        total_tokens: 150,
        output_tokens_details: { reasoning_tokens: 20 },
      }),
    ).toEqual({ input: 100, output: 30, total: 150, output_reasoning_tokens: 20 });
    expect(usageDetailsOf({ input: 3, output: '4', bad: 1.5, neg: -2, text: 'x' })).toEqual({ input: 3, output: 4 });
    expect(usageDetailsOf({ bad: 'x' })).toBeUndefined();
  });

  it('environments follow Langfuse: lower case, langfuse prefix stripped, else default', () => {
    expect(normalizeEnvironment('Production')).toBe('production');
    expect(normalizeEnvironment('langfuse-staging')).toBe('staging');
    expect(normalizeEnvironment('has space')).toBe('default');
    expect(normalizeEnvironment(undefined)).toBe('default');
  });
});

describe('parseBatch + mapBatch', () => {
  it('merges a create and its updates field by field with the versions of their events', () => {
    const parsed = parseBatch([
      ev('u', 'generation-update', { id: 'g', traceId: 't', endTime: T1, output: 'done' }, T1),
      ev('c', 'generation-create', { id: 'g', traceId: 't', name: 'gen', model: 'gpt-4o', startTime: T0 }, T0),
    ]);
    const { traces, result, lookups } = mapBatch('spanhouse', parsed, new Map(), 0);
    expect(result.errors).toEqual([]);
    expect(result.successes.map((s) => s.id).sort()).toEqual(['c', 'u']);
    const [rec] = traces[0]!.observations;
    expect(rec).toMatchObject({
      id: 'g',
      traceId: 't',
      type: 'GENERATION',
      name: 'gen',
      model: 'gpt-4o',
      output: 'done',
    });
    expect(rec!.startUs).toBe(us(T0));
    expect(rec!.endUs).toBe(us(T1));
    expect(rec!.versions).toMatchObject({ type: us(T0), name: us(T0), start: us(T0), end: us(T1), output: us(T1) });
    expect(lookups).toEqual([{ project_id: 'spanhouse', id: 'g', trace_id: 't' }]);
  });

  it('an update alone has a weak type and start, which any create beats', () => {
    const { traces } = mapBatch(
      'spanhouse',
      parseBatch([ev('u', 'span-update', { id: 's', traceId: 't', output: 1 }, T1)]),
      new Map(),
      0,
    );
    expect(traces[0]!.observations[0]!.versions).toMatchObject({
      type: WEAK_VERSION,
      start: WEAK_VERSION,
      output: us(T1),
    });
  });

  it('a later event wins even when its request is processed first; an older one does not override', () => {
    const { traces } = mapBatch(
      'spanhouse',
      parseBatch([
        ev('new', 'span-update', { id: 's', traceId: 't', level: 'ERROR' }, T1),
        ev('old', 'span-update', { id: 's', traceId: 't', level: 'WARNING' }, T0),
      ]),
      new Map(),
      0,
    );
    expect(traces[0]!.observations[0]!.level).toBe('ERROR');
  });

  it('traceless updates: resolved by the batch, then by the lookup, else a 404 entry; a traceless create is its own trace', () => {
    const parsed = parseBatch([
      ev('a', 'span-update', { id: 'known' }),
      ev('b', 'span-update', { id: 'in-batch' }),
      ev('c', 'span-create', { id: 'in-batch', traceId: 't1' }),
      ev('d', 'span-update', { id: 'unknown' }),
      ev('e', 'event-create', { id: 'wrapper' }),
    ]);
    expect(tracelessObservations(parsed.events).sort()).toEqual(['known', 'unknown']);
    const { traces, result } = mapBatch('spanhouse', parsed, new Map([['known', 't0']]), 0);
    const where = Object.fromEntries(traces.flatMap((t) => t.observations.map((o) => [o.id, t.piece.id])));
    expect(where).toEqual({ known: 't0', 'in-batch': 't1', wrapper: 'wrapper' });
    expect(result.errors).toEqual([expect.objectContaining({ id: 'd', status: 404, message: 'Resource not found' })]);
  });

  it('trace-create events merge: tags unite, later fields win, the earliest timestamp stays', () => {
    const { traces } = mapBatch(
      'spanhouse',
      parseBatch([
        ev('1', 'trace-create', { id: 't', name: 'first', tags: ['a'], metadata: { k: 1 } }, T0),
        ev('2', 'trace-create', { id: 't', name: 'second', tags: ['b'], metadata: { j: 2 }, environment: 'Prod' }, T1),
      ]),
      new Map(),
      0,
    );
    expect(traces[0]!.piece).toEqual({
      id: 't',
      timestampUs: us(T0),
      name: 'second',
      tags: ['a', 'b'],
      metadata: { k: 1, j: 2 },
      environment: 'prod',
    });
    expect(traces[0]!.version).toBe(us(T1));
  });

  it('invalid events are 400 entries naming the field; sdk-log is neither success nor error', () => {
    const parsed = parseBatch([
      ev('bad-level', 'span-create', { id: 's', level: 'LOUD' }),
      ev('log', 'sdk-log', { log: 'x' }),
      'not an event',
    ]);
    expect(parsed.events).toEqual([]);
    expect(parsed.errors).toEqual([
      expect.objectContaining({ id: 'bad-level', status: 400, message: 'Invalid request data' }),
      expect.objectContaining({ id: 'unknown', status: 400 }),
    ]);
    expect(String(parsed.errors[0]!.error)).toContain('body.level');
  });

  it('legacy usage counts and costs out of range are 400 entries naming the field', () => {
    const parsed = parseBatch([
      ev('legacy', 'generation-create', { id: 'g6', usage: { input: -3 } }),
      ev('legacy-frac', 'generation-create', { id: 'g7', usage: { output: 1.5 } }),
      ev('legacy-cost', 'generation-create', { id: 'g8', usage: { totalCost: 2e12 } }),
      ev('fine', 'generation-create', { id: 'g9', usage: { input: 3, totalCost: 1e12 } }),
    ]);
    expect(parsed.events.map((e) => e.id)).toEqual(['fine']);
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.id, e]));
    expect(Object.keys(errors)).toHaveLength(3);
    for (const e of Object.values(errors)) expect(e).toMatchObject({ status: 400, message: 'Invalid request data' });
    expect(errors.legacy!.error).toMatch(/^body\.usage\.input: must be an integer from 0 to/);
    expect(errors['legacy-frac']!.error).toMatch(/^body\.usage\.output: /);
    expect(errors['legacy-cost']!.error).toMatch(/^body\.usage\.totalCost: /);
  });

  it('usageDetails and costDetails keys that are no count (cost) are left out and the event kept; an end before the start is the start', () => {
    const parsed = parseBatch([
      ev('details', 'generation-create', {
        id: 'g1',
        startTime: T1,
        endTime: T0,
        usageDetails: { input: -1, output: 1.5, audio: 'many', cached: '12', reasoning: 3, nested: { a: 1 } },
        costDetails: { total: 1.7e308, input: -0.5, output: 0.25, other: null },
      }),
    ]);
    expect(parsed.errors).toEqual([]);
    const { traces } = mapBatch('spanhouse', parsed, new Map(), 0);
    const [o] = traces[0]!.observations;
    expect({ ...o!.usage }).toEqual({ cached: 12, reasoning: 3 });
    expect({ ...o!.cost }).toEqual({ output: 0.25 });
    expect(o!.endUs).toBe(o!.startUs);
  });

  it('scores: the event id stands in for a missing body id; the latest event of an id wins', () => {
    const { scores, result } = mapBatch(
      'spanhouse',
      parseBatch([
        ev('s1', 'score-create', { traceId: 't', name: 'q', value: 1 }, T0),
        ev('s2', 'score-create', { id: 'x', traceId: 't', name: 'q', value: 2 }, T1),
        ev('s3', 'score-create', { id: 'x', traceId: 't', name: 'q', value: 3 }, T0),
      ]),
      new Map(),
      0,
    );
    expect(result.successes).toHaveLength(3);
    expect(scores.map((s) => [s.id, s.value])).toEqual([
      ['s1', 1],
      ['x', 2],
    ]);
  });
});
