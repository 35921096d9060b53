import type { Rng } from './prng.ts';
import { ENGLISH, JAPANESE, JAPANESE_PARTICLES, RUSSIAN, SYLLABLES } from './vocabulary.ts';

/**
 * Conversation text for the generated traces. A trace is in one language (most English, some
 * Russian, some Japanese); words are drawn with Zipf frequencies from vocabulary.ts (rank
 * floor(size^u) for a uniform u: the probability of rank r falls as about 1/r). A user's question
 * often names a product: four syllables out of a million names, so that each name is in a handful
 * of traces (the rare terms of the search benchmark). The SQL generator of the query data set
 * (traces/sql-dataset.ts) draws the same way.
 */

export type Language = 'en' | 'ru' | 'ja';

/** Shares of the languages: English below 0.9, Russian below 0.96, Japanese above. */
export const LANGUAGE_SHARES = { en: 0.9, ru: 0.06 } as const;

export function languageOf(u: number): Language {
  if (u < LANGUAGE_SHARES.en) return 'en';
  return u < LANGUAGE_SHARES.en + LANGUAGE_SHARES.ru ? 'ru' : 'ja';
}

/** Probability that a question names a product, and how many product names there are. */
export const PRODUCT_CHANCE = 0.5;
export const PRODUCTS = 1_000_000;

/** Product name n: four syllables (the English list's generated words have at most three). */
export function productName(n: number): string {
  const s = SYLLABLES.length;
  const name = [n % s, Math.floor(n / s) % s, Math.floor(n / s ** 2) % s, Math.floor(n / s ** 3) % s]
    .map((d) => SYLLABLES[d])
    .join('');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Index of a Zipf-ranked draw from a list of `size` words (rank floor(size^u), 1-based). */
export const zipfIndex = (u: number, size: number) => Math.min(size, Math.floor(size ** u)) - 1;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A message of about `words` words in `lang`, as a person or a model would write it. */
export function message(rng: Rng, lang: Language, words: number): string {
  const pick = (list: readonly string[]) => list[zipfIndex(rng.float(), list.length)]!;
  if (lang === 'ja') {
    const parts: string[] = [];
    for (let j = 0; j < words; j++) parts.push(pick(JAPANESE) + JAPANESE_PARTICLES[j % JAPANESE_PARTICLES.length]);
    return `${parts.join('')}。`;
  }
  const list = lang === 'ru' ? RUSSIAN : ENGLISH;
  const parts: string[] = [];
  for (let j = 0; j < words; j++) parts.push(pick(list));
  return `${capitalized(parts.join(' '))}.`;
}

/** A user's question: a message, often naming a product. */
export function question(rng: Rng, lang: Language, words: number): string {
  const text = message(rng, lang, words);
  return rng.chance(PRODUCT_CHANCE) ? `${text} ${productName(rng.int(0, PRODUCTS - 1))}` : text;
}
