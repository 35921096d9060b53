import { describe, expect, it } from 'vitest';
import { PriceTable } from '../src/pricing/prices.ts';
import { usageCost } from '../src/pricing/usage-cost.ts';

const table = PriceTable.load();
const price = (model: string) => table.lookup(model)!;

describe('usageCost', () => {
  it('prices each kind at its own price and reasoning tokens at the output price', () => {
    const cost = usageCost(
      { input: 200, input_cached_tokens: 1000, output: 180, output_reasoning_tokens: 320, total: 1700 },
      price('o4-mini'),
    )!;
    expect(Object.keys(cost).sort()).toEqual([
      'input',
      'input_cached_tokens',
      'output',
      'output_reasoning_tokens',
      'total',
    ]);
    expect(cost.input_cached_tokens).toBeCloseTo(1000 * 0.275e-6, 15);
    expect(cost.output_reasoning_tokens).toBeCloseTo(320 * 4.4e-6, 15);
    expect(cost.total).toBeCloseTo((200 * 1.1 + 1000 * 0.275 + 500 * 4.4) * 1e-6, 15);
  });

  it('prices the names senders give cache reads and writes at the cache prices', () => {
    const cost = usageCost(
      { input: 10, cache_read_input_tokens: 100, input_cache_read: 100, cache_creation_input_tokens: 40 },
      price('claude-sonnet-4-5'),
    )!;
    expect(cost.cache_read_input_tokens).toBeCloseTo(100 * 0.3e-6, 15);
    expect(cost.input_cache_read).toBeCloseTo(100 * 0.3e-6, 15);
    expect(cost.cache_creation_input_tokens).toBeCloseTo(40 * 3.75e-6, 15);
  });

  it('leaves kinds without a price out: cached input of a model without a cached price, audio, reasoning_tokens', () => {
    const cost = usageCost(
      { input: 10, input_cached_tokens: 5, input_audio_tokens: 3, reasoning_tokens: 7, constructor: 1, total: 26 },
      price('gpt-4-turbo'),
    )!;
    expect({ ...cost }).toEqual({ input: 10 * 10e-6, total: 10 * 10e-6 });
    expect(usageCost({ total: 5 }, price('gpt-4o'))).toBeUndefined();
  });
});
