import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PriceTable } from '../src/pricing/prices.ts';

const table = PriceTable.load();

describe('PriceTable', () => {
  it('prices known models per token and usage kind', () => {
    expect({ ...table.lookup('gpt-4o') }).toEqual({ input: 2.5e-6, output: 10e-6, input_cached_tokens: 1.25e-6 });
    expect(table.lookup('claude-3-5-haiku')?.input).toBeCloseTo(0.8e-6, 18);
    expect(table.lookup('claude-3-5-haiku')?.output).toBeCloseTo(4e-6, 18);
  });

  it('prices dated variants and provider prefixes like their family, case-insensitively', () => {
    expect(table.lookup('gpt-4o-2024-08-06')).toEqual(table.lookup('gpt-4o'));
    expect(table.lookup('claude-3-5-sonnet-20241022')).toEqual(table.lookup('claude-3-5-sonnet'));
    expect(table.lookup('openai/GPT-4o-mini')).toEqual(table.lookup('gpt-4o-mini'));
  });

  it('never prices a longer family as a shorter one', () => {
    expect(table.lookup('gpt-4o-mini')).toMatchObject({ input: 0.15e-6, output: 0.6e-6 });
    expect({ ...table.lookup('gpt-4') }).toEqual({ input: 30e-6, output: 60e-6 });
    expect(table.lookup('gpt-4o')).not.toEqual(table.lookup('gpt-4'));
  });

  it('prices the Claude 4.5 and 4.6 generations at their own prices, not as the Claude 4 family they extend', () => {
    // claude-opus-4-5 is $5 / $25 per million: not claude-opus-4's $15 / $75.
    expect(table.lookup('claude-opus-4-5-20251101')).toMatchObject({ input: 5e-6, output: 25e-6 });
    expect(table.lookup('claude-opus-4-6')).toMatchObject({ input: 5e-6, output: 25e-6 });
    expect(table.lookup('claude-sonnet-4-6')).toMatchObject({ input: 3e-6, output: 15e-6 });
    expect(table.lookup('claude-opus-4-20250514')).toMatchObject({ input: 15e-6, output: 75e-6 });
  });

  it('has the cache read and write prices of current OpenAI and Anthropic models', () => {
    const perMillion = (model: string) =>
      Object.fromEntries(Object.entries(table.lookup(model) ?? {}).map(([k, usd]) => [k, Math.round(usd * 1e9) / 1e3]));
    expect(perMillion('gpt-5')).toEqual({ input: 1.25, output: 10, input_cached_tokens: 0.125 });
    expect(perMillion('gpt-4.1-2025-04-14')).toEqual({ input: 2, output: 8, input_cached_tokens: 0.5 });
    expect(perMillion('o4-mini')).toEqual({ input: 1.1, output: 4.4, input_cached_tokens: 0.275 });
    expect(perMillion('claude-sonnet-4-5')).toEqual({
      input: 3,
      output: 15,
      input_cached_tokens: 0.3,
      input_cache_creation: 3.75,
      input_cache_creation_1h: 6,
    });
    expect(perMillion('claude-3-5-haiku-20241022')).toMatchObject({
      input_cached_tokens: 0.08,
      input_cache_creation: 1,
    });
  });

  it('prices the variants whose list price differs from the family their name extends at their own', () => {
    const perMillion = (model: string) => {
      const price = table.lookup(model);
      return price && [Math.round(price.input * 1e9) / 1e3, Math.round(price.output * 1e9) / 1e3];
    };
    // A tenth to a third of the bill when priced as o3, o1, gpt-5 or claude-opus-4.
    expect(perMillion('o3-pro-2025-06-10')).toEqual([20, 80]);
    expect(perMillion('o1-pro')).toEqual([150, 600]);
    expect(perMillion('gpt-5-pro')).toEqual([15, 120]);
    expect(perMillion('gpt-4-32k')).toEqual([60, 120]);
    expect(perMillion('gpt-4o-2024-05-13')).toEqual([5, 15]);
    expect(perMillion('gpt-3.5-turbo-instruct')).toEqual([1.5, 2]);
    expect(perMillion('claude-opus-4-7')).toEqual([5, 25]);
    // Three times the bill when priced as gpt-4.
    expect(perMillion('gpt-4-0125-preview')).toEqual([10, 30]);
    expect(perMillion('gpt-4-1106-preview')).toEqual([10, 30]);
    // Unpriced before: no family name they extend.
    expect(perMillion('gpt-5.1-2025-11-13')).toEqual([1.25, 10]);
    expect(perMillion('chatgpt-4o-latest')).toEqual([5, 15]);
    // Still priced as their family.
    expect(perMillion('gpt-4-0613')).toEqual([30, 60]);
    expect(perMillion('o3-2025-04-16')).toEqual([2, 8]);
  });

  it('knows nothing of unknown models', () => {
    expect(table.lookup('my-finetune')).toBeUndefined();
    expect(table.lookup('gpt-4oo')).toBeUndefined();
  });

  it('reads overrides and additions from a JSON file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'prices.json');
    writeFileSync(
      file,
      JSON.stringify({
        'gpt-4o': { input: 1e-6, output: 2e-6 },
        'my-model': { input: 3e-6, output: 4e-6, input_cached_tokens: 1e-6 },
      }),
    );
    const custom = PriceTable.load(file);
    // A model in the file replaces the built-in one with all its kinds.
    expect({ ...custom.lookup('gpt-4o') }).toEqual({ input: 1e-6, output: 2e-6 });
    expect({ ...custom.lookup('my-model-v2') }).toEqual({ input: 3e-6, output: 4e-6, input_cached_tokens: 1e-6 });
    expect(custom.lookup('claude-3-opus')).toEqual(table.lookup('claude-3-opus'));
  });

  it('explains a bad price file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'prices.json');
    writeFileSync(file, JSON.stringify({ 'gpt-4o': { input: -1, output: 2 } }));
    expect(() => PriceTable.load(file)).toThrow(/PRICES_FILE .*gpt-4o/);
    writeFileSync(file, JSON.stringify({ 'gpt-4o': { input: 1, output: 2, input_cached_tokens: 'cheap' } }));
    expect(() => PriceTable.load(file)).toThrow(/PRICES_FILE .*gpt-4o\.input_cached_tokens/);
    writeFileSync(file, '{not json');
    expect(() => PriceTable.load(file)).toThrow(/PRICES_FILE/);
  });
});
