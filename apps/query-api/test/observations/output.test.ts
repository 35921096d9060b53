import { describe, expect, it } from 'vitest';
import { costsOf, kindSums } from '../../src/observations/output.ts';

describe('kindSums: the input and output counts of an observation view', () => {
  it('sums every kind whose name contains input or output, in any case; null without one', () => {
    expect(kindSums({ input: 70, input_cached_tokens: 30, output: 40, Output_Audio: 10, total: 150 })).toEqual({
      input: 100,
      output: 50,
    });
    expect(kindSums({ total: 3 })).toEqual({ input: null, output: null });
  });
});

describe('costsOf', () => {
  const prices = { input: 0.001, output: 0.002 };

  it('prices only the kinds the usage has', () => {
    expect(costsOf({ input: 10, total: 10 }, {}, prices)).toEqual({
      details: { input: 0.01, total: 0.01 },
      input: 0.01,
      output: null,
      total: 0.01,
    });
    expect(costsOf({ input: 10, output: 5 }, {}, prices).details).toEqual({ input: 0.01, output: 0.01, total: 0.02 });
  });

  it('nothing priced is no detail, null input and output, total 0', () => {
    expect(costsOf({}, {}, prices)).toEqual({ details: {}, input: null, output: null, total: 0 });
    expect(costsOf({ input: 10 }, {}, { input: 0, output: 0 })).toEqual({
      details: {},
      input: null,
      output: null,
      total: 0,
    });
  });

  it('provided costs win; input and output sum their kinds', () => {
    expect(costsOf({ input: 10 }, { input: 0.5, input_cached_tokens: 0.25, output: 1 }, prices)).toEqual({
      details: { input: 0.5, input_cached_tokens: 0.25, output: 1, total: 1.75 },
      input: 0.75,
      output: 1,
      total: 1.75,
    });
  });
});
