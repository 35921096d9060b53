import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { DEFAULT_PRICES_PER_MILLION } from './default-prices.ts';

/**
 * USD per unit by usage kind: `input` and `output` always, other kinds (`input_cached_tokens`, ...)
 * where the model has a price for them. A null-prototype object: a kind is priced only by an own key.
 */
export type Price = { readonly input: number; readonly output: number; readonly [kind: string]: number };

const UsdPerUnit = v.pipe(v.number(), v.finite(), v.minValue(0));
const PriceFile = v.record(
  v.pipe(v.string(), v.minLength(1)),
  v.objectWithRest({ input: UsdPerUnit, output: UsdPerUnit }, UsdPerUnit),
);

/** A price as a null-prototype object of its kinds, USD per `units` units (1, or 1e6 for a list price). */
function priceOf(kinds: Record<string, number | undefined>, units: number): Price {
  const price: Record<string, number> = Object.create(null);
  for (const [kind, usd] of Object.entries(kinds)) if (usd !== undefined) price[kind] = usd / units;
  return price as Price;
}

const MEMO_SIZE = 1000;

/**
 * Model name -> per-token price. Lookup is case-insensitive, ignores a provider prefix
 * (`openai/gpt-4o`), and falls back to the longest known name that the model extends with a
 * `-`, `@` or `:` suffix, so dated variants (`gpt-4o-2024-08-06`, `claude-3-5-sonnet-20241022`)
 * price like their family while `gpt-4o-mini` never prices as `gpt-4o`.
 */
export class PriceTable {
  private readonly prices: Map<string, Price>;
  private readonly names: string[];
  /** Answers by the model name as sent: a few models make up nearly every row. Bounded. */
  private readonly memo = new Map<string, Price | null>();

  constructor(prices: Record<string, Price>) {
    this.prices = new Map(Object.entries(prices).map(([k, p]) => [k.toLowerCase(), priceOf(p, 1)]));
    this.names = [...this.prices.keys()].sort((a, b) => b.length - a.length);
  }

  lookup(model: string): Price | undefined {
    const memo = this.memo.get(model);
    if (memo !== undefined) return memo ?? undefined;
    const price = this.find(model);
    if (this.memo.size >= MEMO_SIZE) this.memo.clear();
    this.memo.set(model, price ?? null);
    return price;
  }

  private find(model: string): Price | undefined {
    let name = model.trim().toLowerCase();
    const slash = name.lastIndexOf('/');
    if (slash >= 0) name = name.slice(slash + 1);
    const exact = this.prices.get(name);
    if (exact) return exact;
    for (const known of this.names) {
      if (name.startsWith(known) && /[-@:]/.test(name.charAt(known.length))) return this.prices.get(known);
    }
    return undefined;
  }

  /**
   * Built-in prices, overridden (and extended) by a JSON file of
   * `{"model": {"input": usdPerToken, "output": usdPerToken, "<kind>": usdPerToken, ...}}`: a model
   * in the file replaces the built-in one with all its kinds.
   */
  static load(overrideFile?: string): PriceTable {
    // Model names are keys from a file: a null-prototype object takes any name as a plain key.
    const prices: Record<string, Price> = Object.create(null);
    for (const [model, perMillion] of Object.entries(DEFAULT_PRICES_PER_MILLION)) {
      prices[model] = priceOf(perMillion, 1e6);
    }
    if (overrideFile) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(overrideFile, 'utf8'));
      } catch (err) {
        throw new Error(`PRICES_FILE ${overrideFile}: ${(err as Error).message}`);
      }
      const result = v.safeParse(PriceFile, parsed);
      if (!result.success) {
        const issue = result.issues[0];
        throw new Error(`PRICES_FILE ${overrideFile}: ${v.getDotPath(issue) ?? ''} ${issue.message}`);
      }
      Object.assign(prices, result.output);
    }
    return new PriceTable(prices);
  }
}
