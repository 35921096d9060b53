import { describe, expect, it } from 'vitest';
import { PriceTable } from '../src/pricing/prices.ts';
import { fromBatch } from '../src/traces/from-batch.ts';
import { buildTraceRows, resolveCost } from '../src/traces/rows.ts';

const prices = PriceTable.load();

describe('fromBatch + buildTraceRows', () => {
  it('maps a batch to one trace row and observation rows with exact times', () => {
    const { piece, observations } = fromBatch({
      trace: { id: 't', name: 'n', session_id: 's', tags: ['a', 'a', 'b'], metadata: { k: { deep: true } } },
      observations: [
        {
          id: 'o1',
          startTime: '2026-01-01T00:00:00.000001Z',
          endTime: '2026-01-01T00:00:01Z',
          model: 'gpt-4o',
          promptTokens: 10,
          completionTokens: 5,
        },
        { id: 'o2', startTime: '2025-12-31T23:59:59+00:00', type: 'EVENT' },
      ],
    });
    const { trace, observations: rows } = buildTraceRows(piece, observations, prices, 42);
    // No trace timestamp: the earliest observation start.
    expect(trace.timestamp).toBe('1767225599.000000');
    expect(trace.name).toEqual([42, 'n']);
    expect(trace.session_id).toEqual([42, 's']);
    // Empty values carry version 0 so they never win the merge.
    expect(trace.user_id).toEqual([0, '']);
    expect(trace.tags).toEqual(['a', 'b']);
    expect(trace.metadata).toEqual({ k: [42, '{"deep":true}'] });
    expect(rows[0]).toMatchObject({
      id: 'o1',
      type: 'SPAN',
      start_time: '1767225600.000001',
      end_time: '1767225601.000000',
      usage_total: 15,
    });
    expect(rows[0]!.cost).toBeCloseTo(10 * 2.5e-6 + 5 * 10e-6, 15);
    expect(rows[1]).toMatchObject({ id: 'o2', type: 'EVENT', end_time: null, usage_total: 0, cost: 0 });
    expect(trace.obs.o1).toMatchObject({
      version: 42,
      model: 'gpt-4o',
      usage_input: 10,
      usage_output: 5,
      start_us: 1767225600000001,
      end_us: 1767225601000000,
    });
  });

  it('an explicit trace timestamp wins over observation starts', () => {
    const { piece, observations } = fromBatch({
      trace: { id: 't', timestamp: '2026-01-02T00:00:00Z' },
      observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z' }],
    });
    expect(buildTraceRows(piece, observations, prices, 1).trace.timestamp).toBe('1767312000.000000');
  });
});

describe('resolveCost', () => {
  const base = { id: 'o', traceId: 't', type: 'GENERATION' as const, startUs: 0, model: 'gpt-4o' };
  it('sent cost wins over the price table', () => {
    expect(resolveCost({ ...base, cost: { total: 0.5 } }, { input: 10, output: 10 }, prices)).toBe(0.5);
    expect(resolveCost({ ...base, cost: { input: 0.1, output: 0.2 } }, { input: 10, output: 10 }, prices)).toBeCloseTo(
      0.3,
    );
  });
  it('unknown models cost 0', () => {
    expect(resolveCost({ ...base, model: 'mystery' }, { input: 10, output: 10 }, prices)).toBe(0);
  });
});
