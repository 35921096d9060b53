import { impliedVersion, PRICED_AT_READ } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { PriceTable } from '../../src/pricing/prices.ts';
import { fromBatch } from '../../src/traces/from-batch.ts';
import { buildTraceRows, costTotal, priceOf, resolveUsage, usageKinds } from '../../src/traces/rows.ts';

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
    const { trace, observations: rows } = buildTraceRows('spanhouse', piece, observations, prices, 42);
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
      // o1 sends no type: SPAN is its default, at the weak version any type sent elsewhere beats.
      type: [1, 'SPAN'],
      start_time: [42, 1767225600000001],
      end_time: [42, 1767225601000000],
      usage: [42, { input: 10, output: 5, total: 15 }],
    });
    // Model and usage in one piece: the cost per kind, at the implied version any sent cost beats.
    const cost = 10 * 2.5e-6 + 5 * 10e-6;
    expect(rows[0]!.cost).toEqual([impliedVersion(42), { input: 10 * 2.5e-6, output: 5 * 10e-6, total: cost }]);
    // The model keeps its unit prices: the cost is computed where model and usage meet.
    expect(rows[0]!.model).toEqual([42, 'gpt-4o', 2.5e-6, 10e-6]);
    expect(rows[1]).toMatchObject({ id: 'o2', type: [42, 'EVENT'], end_time: [0, 0], usage: [0, {}] });
    expect(trace.obs_ids).toEqual(['o1', 'o2']);
    expect(trace.obs_start.o1).toEqual([42, 1767225600000001]);
    expect(trace.obs_end).toEqual({ o1: [42, 1767225601000000] });
    expect(trace.obs_model).toEqual({ o1: [42, 'gpt-4o', 2.5e-6, 10e-6] });
    expect(trace.obs_usage).toEqual({ o1: [42, 10, 5, 15] });
    expect(trace.obs_cost).toEqual({ o1: [impliedVersion(42), cost] });
    // The summaries as 0007's DEFAULTs would compute them from these maps.
    expect(trace).toMatchObject({
      obs_count: 2,
      start_min: 1767225599000000,
      end_max: 1767225601000000,
      usage_units: 15,
      price_max: 10e-6,
      model_obs: { 'gpt-4o': 1, '': 1 },
      model_input: { 'gpt-4o': 10, '': 0 },
      model_total: { 'gpt-4o': 15, '': 0 },
    });
    expect(trace.cost_sum).toBeCloseTo(cost, 15);
    expect(trace.model_cost['gpt-4o']).toBeCloseTo(cost, 15);
  });

  it('usage without a total gets the sum of the other kinds; a given total stays', () => {
    expect(resolveUsage({ input: 3, output: 4, input_cached_tokens: 2 })).toEqual({
      input: 3,
      output: 4,
      input_cached_tokens: 2,
      total: 9,
    });
    expect(resolveUsage({ input: 3, total: 10 })).toEqual({ input: 3, total: 10 });
    expect(resolveUsage({ input: undefined, output: -1 })).toBeUndefined();
  });

  it('counts every kind containing input or output as such; usage_units only input and output', () => {
    expect(
      usageKinds({ input: 100, output: 50, input_cached_tokens: 20, Output_Reasoning: 8, INPUT_audio: 4, total: 9 }),
    ).toEqual({ input: 124, output: 58 });
    const { trace } = buildTraceRows(
      'spanhouse',
      { id: 't' },
      [
        {
          id: 'g',
          traceId: 't',
          type: 'GENERATION',
          startUs: 1,
          model: 'gpt-4o',
          usage: { input: 100, output: 50, input_cached_tokens: 20, output_reasoning_tokens: 8 },
        },
      ],
      prices,
      42,
    );
    expect(trace.obs_usage).toEqual({ g: [42, 100, 50, 178] });
    expect(trace.obs_usage_kinds).toEqual({ g: [42, 120, 58] });
    expect(trace).toMatchObject({
      usage_units: 150,
      model_input: { 'gpt-4o': 120 },
      model_output: { 'gpt-4o': 58 },
      model_total: { 'gpt-4o': 178 },
    });
    // Every kind at its price: cached input at gpt-4o's $1.25, reasoning at its output price.
    expect(trace.cost_sum).toBeCloseTo(100 * 2.5e-6 + 50 * 10e-6 + 20 * 1.25e-6 + 8 * 10e-6, 15);
  });

  it('an explicit trace timestamp wins over observation starts', () => {
    const { piece, observations } = fromBatch({
      trace: { id: 't', timestamp: '2026-01-02T00:00:00Z' },
      observations: [{ id: 'o', startTime: '2026-01-01T00:00:00Z' }],
    });
    expect(buildTraceRows('spanhouse', piece, observations, prices, 1).trace.timestamp).toBe('1767312000.000000');
  });
});

describe('costs', () => {
  const generation = { traceId: 't', type: 'GENERATION' as const, startUs: 1 };
  it('a piece with a usage but no model, or a model but no usage, is priced at read', () => {
    const { trace, observations } = buildTraceRows(
      'spanhouse',
      { id: 't' },
      [
        { ...generation, id: 'usage-only', usage: { input: 10, output: 5 } },
        { ...generation, id: 'model-only', model: 'gpt-4o' },
        { ...generation, id: 'unpriced', model: 'mystery', usage: { input: 10 } },
        { ...generation, id: 'neither' },
      ],
      prices,
      42,
    );
    expect(observations.map((o) => o.cost)).toEqual([
      [impliedVersion(42), {}],
      [impliedVersion(42), {}],
      [impliedVersion(42), {}],
      [0, {}],
    ]);
    expect(trace.obs_cost).toEqual({
      'usage-only': [impliedVersion(42), PRICED_AT_READ],
      'model-only': [impliedVersion(42), PRICED_AT_READ],
      unpriced: [impliedVersion(42), PRICED_AT_READ],
    });
    expect(trace.cost_sum).toBe(0);
  });
  it('a cost the client sent is kept at its version, not computed', () => {
    const { observations } = buildTraceRows(
      'spanhouse',
      { id: 't' },
      [{ ...generation, id: 'g', model: 'gpt-4o', usage: { input: 10 }, cost: { total: 0.5 } }],
      prices,
      42,
    );
    expect(observations[0]!.cost).toEqual([42, { total: 0.5 }]);
  });
  it('a provided total wins; without one the kinds add up', () => {
    expect(costTotal({ input: 0.1, output: 0.2, total: 0.5 })).toBe(0.5);
    expect(costTotal({ input: 0.1, output: 0.2 })).toBeCloseTo(0.3, 15);
  });
  it('the price table knows a model; unknown models cost 0', () => {
    expect(priceOf('gpt-4o', prices)).toEqual({ input: 2.5e-6, output: 10e-6 });
    expect(priceOf('mystery', prices)).toEqual({ input: 0, output: 0 });
  });
});
