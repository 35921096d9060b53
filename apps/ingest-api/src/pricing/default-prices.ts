/**
 * A model's list prices, USD per 1M units, by usage kind (standard tier, no batch discounts).
 * `input` and `output` always; `input_cached_tokens` (cache reads), `input_cache_creation` (cache
 * writes of the default lifetime) and `input_cache_creation_1h` where the provider prices them.
 * Other kinds take their price as usage-cost.ts says.
 */
export type ListPrices = {
  input: number;
  output: number;
  input_cached_tokens?: number;
  input_cache_creation?: number;
  input_cache_creation_1h?: number;
};

/** OpenAI: a cache read at its model's cached-input price; there is no cache write price. */
const openAi = (input: number, output: number, cachedInput?: number): ListPrices =>
  cachedInput === undefined ? { input, output } : { input, output, input_cached_tokens: cachedInput };

/**
 * Anthropic: a cache read at 0.1 x input, a write of the 5-minute cache at 1.25 x, of the 1-hour
 * cache at 2 x (its price pages). Rounded to a thousandth of a cent per 1M, as listed.
 */
const anthropic = (input: number, output: number, cacheRead = input * 0.1): ListPrices => ({
  input,
  output,
  input_cached_tokens: round(cacheRead),
  input_cache_creation: round(input * 1.25),
  input_cache_creation_1h: round(input * 2),
});
const round = (usd: number) => Math.round(usd * 1e5) / 1e5;

/**
 * Built-in list prices from the providers' public price pages, by model family name (dated
 * variants price like their family, prices.ts). Override or extend with PRICES_FILE.
 */
export const DEFAULT_PRICES_PER_MILLION: Record<string, ListPrices> = {
  // OpenAI. A variant priced apart from the family its name extends (o3-pro extends o3, a dated
  // gpt-4o-2024-05-13 extends gpt-4o) has its own entry, or it would price as that family.
  'gpt-5.1': openAi(1.25, 10, 0.125),
  'gpt-5-pro': openAi(15, 120),
  'gpt-5': openAi(1.25, 10, 0.125),
  'gpt-5-mini': openAi(0.25, 2, 0.025),
  'gpt-5-nano': openAi(0.05, 0.4, 0.005),
  'gpt-4.1': openAi(2, 8, 0.5),
  'gpt-4.1-mini': openAi(0.4, 1.6, 0.1),
  'gpt-4.1-nano': openAi(0.1, 0.4, 0.025),
  'gpt-4.5-preview': openAi(75, 150, 37.5),
  'gpt-4o-2024-05-13': openAi(5, 15),
  'chatgpt-4o-latest': openAi(5, 15),
  'gpt-4o': openAi(2.5, 10, 1.25),
  'gpt-4o-mini': openAi(0.15, 0.6, 0.075),
  'gpt-4-turbo': openAi(10, 30),
  'gpt-4-0125-preview': openAi(10, 30),
  'gpt-4-1106-preview': openAi(10, 30),
  'gpt-4-vision-preview': openAi(10, 30),
  'gpt-4-32k': openAi(60, 120),
  'gpt-4': openAi(30, 60),
  'gpt-3.5-turbo-instruct': openAi(1.5, 2),
  'gpt-3.5-turbo': openAi(0.5, 1.5),
  'o1-pro': openAi(150, 600),
  o1: openAi(15, 60, 7.5),
  'o1-mini': openAi(1.1, 4.4, 0.55),
  'o3-pro': openAi(20, 80),
  o3: openAi(2, 8, 0.5),
  'o3-mini': openAi(1.1, 4.4, 0.55),
  'o4-mini': openAi(1.1, 4.4, 0.275),
  'text-embedding-3-small': openAi(0.02, 0),
  'text-embedding-3-large': openAi(0.13, 0),
  'text-embedding-ada-002': openAi(0.1, 0),
  // Anthropic. Every generation has its own entry: a newer one extends an older family's name
  // (claude-opus-4-5 extends claude-opus-4) and would otherwise price as it.
  'claude-opus-5': anthropic(5, 25),
  'claude-sonnet-5': anthropic(2, 10),
  'claude-opus-4-8': anthropic(5, 25),
  'claude-opus-4-7': anthropic(5, 25),
  'claude-opus-4-6': anthropic(5, 25),
  'claude-opus-4-5': anthropic(5, 25),
  'claude-opus-4-1': anthropic(15, 75),
  'claude-opus-4': anthropic(15, 75),
  'claude-sonnet-4-6': anthropic(3, 15),
  'claude-sonnet-4-5': anthropic(3, 15),
  'claude-sonnet-4': anthropic(3, 15),
  'claude-haiku-4-5': anthropic(1, 5),
  'claude-3-7-sonnet': anthropic(3, 15),
  'claude-3-5-sonnet': anthropic(3, 15),
  'claude-3-5-haiku': anthropic(0.8, 4),
  'claude-3-opus': anthropic(15, 75),
  'claude-3-sonnet': anthropic(3, 15),
  'claude-3-haiku': anthropic(0.25, 1.25, 0.03),
  // Google: cached input at a tenth of input (context caching of the 2.5 models).
  'gemini-2.5-pro': { input: 1.25, output: 10, input_cached_tokens: 0.125 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, input_cached_tokens: 0.03 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4, input_cached_tokens: 0.01 },
  'gemini-2.0-flash': { input: 0.1, output: 0.4 },
  'gemini-2.0-flash-lite': { input: 0.075, output: 0.3 },
  'gemini-1.5-pro': { input: 1.25, output: 5 },
  'gemini-1.5-flash': { input: 0.075, output: 0.3 },
  'gemini-1.5-flash-8b': { input: 0.0375, output: 0.15 },
};
