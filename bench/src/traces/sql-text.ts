/*
 * SQL expressions that draw the query data set's values inside ClickHouse (INSERT ... SELECT from
 * numbers()), as gen/text.ts and gen/traces.ts draw them in JavaScript: every value is a pure
 * function of the seed and its coordinates (trace index, slot, word), through cityHash64. The
 * word lists are query parameters, named once per statement by WORD_LISTS (a WITH clause).
 */

/** The query parameters every generating statement binds (values: datasetParams in sql-dataset.ts). */
export const DATASET_PARAM_TYPES = {
  seed: 'UInt64',
  en: 'Array(String)',
  ru: 'Array(String)',
  ja: 'Array(String)',
  particles: 'Array(String)',
  syllables: 'Array(String)',
  prompts: 'Array(String)',
} as const;

export const param = (name: keyof typeof DATASET_PARAM_TYPES) => `{${name}:${DATASET_PARAM_TYPES[name]}}`;

/** The word lists as names (w_en, ...): a WITH clause for the SELECT that uses `message`. */
export const WORD_LISTS = `WITH ${(['en', 'ru', 'ja', 'particles', 'syllables', 'prompts'] as const)
  .map((name) => `${param(name)} AS w_${name}`)
  .join(', ')}`;

/** A 64-bit hash of the seed and the coordinates (SQL expressions). */
export const hash = (...at: (string | number)[]) => `cityHash64(${param('seed')}, ${at.join(', ')})`;

/** Uniform in [0, 1). */
export const uniform = (...at: (string | number)[]) => `(${hash(...at)} / 18446744073709551616.)`;

/** Uniform integer in [lo, hi]. */
export const intIn = (lo: number, hi: number, ...at: (string | number)[]) =>
  `(${lo} + ${hash(...at)} % ${hi - lo + 1})`;

/** Element of a constant array expression, uniformly. */
export const pickOf = (array: string, ...at: (string | number)[]) => `${array}[1 + ${hash(...at)} % length(${array})]`;

/** A Zipf-ranked word of a list (gen/text.ts zipfIndex: rank floor(size^u)). */
const zipfWord = (list: string, ...at: (string | number)[]) =>
  `${list}[toUInt32(least(toFloat64(length(${list})), pow(length(${list}), ${uniform(...at)})))]`;

const capitalized = (s: string) => `concat(upperUTF8(substringUTF8(${s}, 1, 1)), substringUTF8(${s}, 2))`;

/** Language of trace `i`: 0 English, 1 Russian, 2 Japanese (shares of gen/text.ts LANGUAGE_SHARES). */
export const languageOf = (i: string, shares: { en: number; ru: number }) =>
  `multiIf(${uniform(i, "'lang'")} < ${shares.en}, 0, ${uniform(i, "'lang'")} < ${shares.en + shares.ru}, 1, 2)`;

/**
 * A message of `words` words (an SQL expression) in language `lang` (an SQL expression), drawn at
 * (i, slot): words separated by spaces and capitalized in English and Russian, joined with
 * particles and no spaces in Japanese.
 */
export function message(lang: string, words: string, i: string, slot: string): string {
  const spaced = (list: string) =>
    `concat(arrayStringConcat(arrayMap((w, j) -> if(j = 0, ${capitalized('w')}, w), ` +
    `arrayMap(j -> ${zipfWord(list, i, slot, 'j')}, range(${words})), range(${words})), ' '), '.')`;
  const japanese =
    `concat(arrayStringConcat(arrayMap(j -> concat(${zipfWord('w_ja', i, slot, 'j')}, ` +
    `w_particles[1 + j % length(w_particles)]), range(${words})), ''), '。')`;
  return `multiIf(${lang} = 0, ${spaced('w_en')}, ${lang} = 1, ${spaced('w_ru')}, ${japanese})`;
}

/** Product name n (gen/text.ts productName): four syllables of `syllables` given, capitalized. */
export function productName(n: string, syllables: number): string {
  const syl = 'w_syllables';
  const digit = (k: number) => `${syl}[1 + intDiv(${n}, ${syllables ** k}) % ${syllables}]`;
  return `concat(${capitalized(digit(0))}, ${digit(1)}, ${digit(2)}, ${digit(3)})`;
}
