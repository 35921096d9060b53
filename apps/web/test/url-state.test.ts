import { joinList, splitList } from '@spanhouse/schema';
import { describe, expect, it } from 'vitest';
import { traceFilterParams, traceFilterQuery } from '../src/components/trace-filter.tsx';
import { decodeState, encodeState, param } from '../src/lib/url-state.ts';
import { hasFilters, TRACE_LIST_PARAMS, traceListQuery } from '../src/trace-list/list-state.ts';

const SPEC = {
  q: param.text(),
  tags: param.list(),
  page: param.int(1, 1, 100),
  order: param.choice(['new', 'old'] as const, 'new'),
};

describe('URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(decodeState(SPEC, {})).toEqual({ q: undefined, tags: [], page: 1, order: 'new' });
  });

  it('reads values, lists split on commas, and round-trips', () => {
    const state = decodeState(SPEC, { q: ' chat ', tags: 'a, b,,c', page: '3', order: 'old' });
    expect(state).toEqual({ q: 'chat', tags: ['a', 'b', 'c'], page: 3, order: 'old' });
    const search = encodeState(SPEC, state);
    expect(search).toBe('?q=chat&tags=a%2Cb%2Cc&page=3&order=old');
    expect(decodeState(SPEC, Object.fromEntries(new URLSearchParams(search)))).toEqual(state);
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    expect(decodeState(SPEC, { page: 'two', order: 'sideways' })).toMatchObject({ page: 1, order: 'new' });
    expect(decodeState(SPEC, { page: '500' }).page).toBe(100);
    expect(decodeState(SPEC, { page: '0' }).page).toBe(1);
  });

  it('takes a list value in double quotes as written, commas included, and writes it back so', () => {
    expect(splitList('"eu, west", beta')).toEqual(['eu, west', 'beta']);
    expect(splitList(' "a ""b"" c" ,d,, "" ')).toEqual(['a "b" c', 'd']);
    expect(splitList('"open, to the end')).toEqual(['open, to the end']);
    expect(joinList(['eu, west', 'beta', 'say "hi"', ' padded'])).toBe('"eu, west", beta, "say ""hi""", " padded"');
    for (const list of [['eu, west', 'beta'], ['a "b"', ','], ['plain']])
      expect(splitList(joinList(list))).toEqual(list);
    const search = encodeState(SPEC, { tags: ['eu, west', 'beta'] });
    expect(decodeState(SPEC, Object.fromEntries(new URLSearchParams(search))).tags).toEqual(['eu, west', 'beta']);
  });

  it('leaves defaults and empty values out of the URL', () => {
    expect(encodeState(SPEC, { q: '  ', tags: [], page: 1, order: 'new' })).toBe('');
  });
});

describe('trace list state', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('maps every filter to the API parameters and resolves quick ranges against now', () => {
    const s = decodeState(TRACE_LIST_PARAMS, {
      range: '1h',
      name: 'chat',
      userId: 'u1',
      sessionId: 's1',
      tags: 'prod,beta',
      environment: 'production',
      release: 'r1',
      version: 'v2',
      orderBy: 'latency.desc',
      page: '2',
    });
    expect(traceListQuery(s, now)).toEqual({
      page: 2,
      limit: 50,
      orderBy: 'latency.desc',
      name: 'chat',
      userId: 'u1',
      sessionId: 's1',
      release: 'r1',
      version: 'v2',
      tags: ['prod', 'beta'],
      environment: ['production'],
      fromTimestamp: '2026-03-01T11:00:00.000Z',
      toTimestamp: '2026-03-01T12:00:00.000Z',
      fields: 'core,io,metrics',
    });
    expect(hasFilters(s)).toBe(true);
  });

  it('all time sends no bounds; custom sends its own', () => {
    const all = decodeState(TRACE_LIST_PARAMS, {});
    expect(traceListQuery(all, now)).toMatchObject({ fromTimestamp: undefined, toTimestamp: undefined });
    expect(hasFilters(all)).toBe(false);
    const custom = decodeState(TRACE_LIST_PARAMS, { range: 'custom', from: '2026-02-01T00:00:00Z' });
    expect(traceListQuery(custom, now)).toMatchObject({
      fromTimestamp: '2026-02-01T00:00:00.000Z',
      toTimestamp: undefined,
    });
  });

  it('sends tags as the JSON filter when one holds a comma, which tags= would split', () => {
    const s = decodeState(TRACE_LIST_PARAMS, { tags: '"eu, west",beta' });
    const query = traceListQuery(s, now);
    expect(query.tags).toBeUndefined();
    expect(JSON.parse(String(query.filter))).toEqual([
      { type: 'arrayOptions', column: 'tags', operator: 'all of', value: ['eu, west', 'beta'] },
    ]);
    expect(traceListQuery(decodeState(TRACE_LIST_PARAMS, { tags: 'a,b' }), now)).toMatchObject({ tags: ['a', 'b'] });
  });

  it('the shared trace filter (the usage page) sends a value holding a comma in quotes, which the API takes whole', () => {
    const s = decodeState(traceFilterParams('30d'), { tags: '"eu, west",beta', environment: '"a, b"' });
    expect(traceFilterQuery(s, now)).toMatchObject({ tags: ['"eu, west"', 'beta'], environment: ['"a, b"'] });
  });

  it('an unknown order falls back to newest first', () => {
    expect(decodeState(TRACE_LIST_PARAMS, { orderBy: 'id.desc' }).orderBy).toBe('timestamp.desc');
  });
});
