import type { Price } from './prices.ts';

/**
 * Usage kinds priced at another kind's price when the model has no price of their own
 * (docs/decisions/0106-cost-per-usage-kind.md). Cache reads and writes under the names senders
 * give them take the model's cache read and write prices; reasoning tokens broken out of output
 * (`output_reasoning_tokens`, Langfuse's `output_reasoning`) take the output price, as OpenAI,
 * Anthropic and Google bill them. `reasoning_tokens` is not here: no convention says whether it
 * sits inside the output tokens, and pricing it there would count it twice.
 */
export const PRICED_AS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  input_cache_read: 'input_cached_tokens',
  cache_read_input_tokens: 'input_cached_tokens',
  input_cache_creation_5m: 'input_cache_creation',
  cache_creation_input_tokens: 'input_cache_creation',
  output_reasoning_tokens: 'output',
  output_reasoning: 'output',
});

/** USD per unit of `kind` at `price`: its own price, else the price it is priced as; undefined when unpriced. */
export function unitPrice(price: Price, kind: string): number | undefined {
  if (Object.hasOwn(price, kind)) return price[kind];
  const as = PRICED_AS[kind];
  return as !== undefined && Object.hasOwn(price, as) ? price[as] : undefined;
}

/**
 * Cost details of `usage` at `price`, as Langfuse computes them: each priced kind's units times its
 * unit price, and `total` their sum; kinds without a price are left out, and `total` in the usage
 * is not a kind. Undefined when no kind is priced. Keys are the sender's: a null-prototype object.
 */
export function usageCost(usage: Readonly<Record<string, number>>, price: Price): Record<string, number> | undefined {
  let out: Record<string, number> | undefined;
  let total = 0;
  for (const kind in usage) {
    if (kind === 'total') continue;
    const unit = unitPrice(price, kind);
    if (unit === undefined) continue;
    const usd = usage[kind]! * unit;
    out ??= Object.create(null) as Record<string, number>;
    out[kind] = usd;
    total += usd;
  }
  if (out) out.total = total;
  return out;
}
