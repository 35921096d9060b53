import { describe, expect, it } from 'vitest';
import { decodeLabels } from '../src/metric-series.ts';
import { decodeObservation, decodeObservationTuple, OBSERVATION_FIELDS } from '../src/observation-pieces.ts';
import { decodeScore, decodeScoreTuple, SCORE_FIELDS, SCORE_TUPLES_NEWEST_FIRST } from '../src/scores.ts';
import { given, latest, latestOfEach, nextVersion, versioned } from '../src/versioned.ts';

/* The readers' row mappers, as ClickHouse's JSON output hands them rows: no database needed. */

describe('the versioned-value convention', () => {
  it('writes an empty value at version 0, so any real value wins the max()', () => {
    expect(versioned('', 7)).toEqual([0, '']);
    expect(versioned(undefined, 7)).toEqual([0, '']);
    expect(versioned('x', 7)).toEqual([7, 'x']);
  });

  it('reads the merged value, whether it was given, and maps of versioned values', () => {
    expect(latest('name')).toBe('name.2');
    expect(given('end_time')).toBe('end_time.1 > 0');
    expect(latestOfEach('metadata')).toBe('mapApply((k, v) -> (k, v.2), metadata)');
  });

  it('hands out strictly increasing versions, even within one millisecond', () => {
    const a = nextVersion(1000);
    const b = nextVersion(1000);
    expect(b).toBeGreaterThan(a);
    expect(a).toBeGreaterThanOrEqual(1_000_000);
  });
});

describe('decodeObservation', () => {
  const row = {
    id: 'o1',
    trace_id: 't1',
    type: 'GENERATION',
    name: 'chat',
    start_us: '1700000000000000',
    end_us: null,
    parent_id: '',
    model: 'gpt-4o',
    input_price: 2.5e-6,
    output_price: 1e-5,
    input: '{"q":1}',
    output: '',
    metadata: { __proto__: '"a"', k: '1' },
    usage: { input: '12', output: 3 },
    cost: {},
    fields: { level: 'ERROR' },
  };

  it('maps a row to typed fields: numbers from JSON strings, a missing end as null, JSON kept as text', () => {
    const o = decodeObservation(JSON.parse(JSON.stringify(row)));
    expect(o).toMatchObject({ id: 'o1', traceId: 't1', startUs: 1_700_000_000_000_000, endUs: null, model: 'gpt-4o' });
    expect(o.prices).toEqual({ input: 2.5e-6, output: 1e-5 });
    expect(o.input).toBe('{"q":1}');
    expect({ ...o.usage }).toEqual({ input: 12, output: 3 });
    expect(o.fields.level).toBe('ERROR');
  });

  it('keeps client keys named like object members as keys', () => {
    const parsed = JSON.parse('{"id":"o","metadata":{"__proto__":"1","constructor":"2"}}');
    const o = decodeObservation(parsed);
    expect(Object.keys(o.metadata)).toEqual(['__proto__', 'constructor']);
  });

  it('reads the positional tuple the single-trace read selects in the order of OBSERVATION_FIELDS', () => {
    const tuple = OBSERVATION_FIELDS.map(([name]) => (row as Record<string, unknown>)[name]);
    expect(decodeObservationTuple(tuple)).toEqual(decodeObservation(row));
  });
});

describe('decodeScore', () => {
  const row = {
    id: 's1',
    trace_id: 't1',
    timestamp_us: '1700000000123456',
    created_at_us: '1700000001000000',
    version: '1700000000123456',
    is_deleted: 0,
    name: 'relevance',
    value: 0.5,
    string_value: '',
    data_type: 'NUMERIC',
    source: 'API',
    observation_id: '',
    session_id: '',
    dataset_run_id: '',
    comment: '',
    metadata: '{"a":1}',
    environment: 'default',
    config_id: '',
    queue_id: '',
  };

  it('maps a row to the same row model the writer encodes (times in microseconds)', () => {
    const s = decodeScore(row);
    expect(s.timestamp).toBe(1_700_000_000_123_456);
    expect(s.created_at).toBe(1_700_000_001_000_000);
    expect(s.version).toBe(1_700_000_000_123_456);
    expect(s.is_deleted).toBe(0);
    expect(s.metadata).toBe('{"a":1}');
  });

  it('reads the positional tuple in the order of SCORE_FIELDS, and sorts tuples by its time and id', () => {
    const tuple = SCORE_FIELDS.map(([name]) => (row as Record<string, unknown>)[name]);
    expect(decodeScoreTuple(tuple)).toEqual(decodeScore(row));
    expect(SCORE_TUPLES_NEWEST_FIRST).toBe('s -> (-s.3, s.1)');
  });
});

describe('decodeLabels', () => {
  it('keeps every stored pair, empty values included, in a set without a prototype', () => {
    const labels = decodeLabels(JSON.parse('{"host":"","__proto__":"x","region":"eu"}'));
    expect(Object.keys(labels)).toEqual(['host', '__proto__', 'region']);
    expect(labels.host).toBe('');
    expect(Object.getPrototypeOf(labels)).toBeNull();
  });

  it('refuses anything but a map', () => {
    expect(() => decodeLabels([])).toThrow(/expected a map/);
  });
});
