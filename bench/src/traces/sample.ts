import { ENGLISH } from '../gen/vocabulary.ts';
import { getJson } from '../lib/http.ts';

/**
 * What the query scenarios ask about, taken from the data set itself through the API before the
 * timed runs: trace ids and users that exist, and search terms by how many traces hold them.
 */
export type DatasetSample = {
  traceIds: string[];
  users: string[];
  /** Product names (each in a handful of traces), with the user of a trace that names it. */
  rare: { term: string; userId: string }[];
  /** Words in a good share of the English traces (the head of the Zipf list, past the function words). */
  common: string[];
  /** Two such words, for all-of searches. */
  pairs: [string, string][];
};

/** Head words ranked 84-95: each in roughly a quarter to a third of the English traces. */
const COMMON = ENGLISH.slice(84, 96);

type ListPage = {
  data: { id: string; userId: string | null; input: unknown }[];
  meta: { totalPages: number };
};

/** A product name (gen/text.ts productName): four consonant-vowel syllables, capitalized. */
const PRODUCT = /\b[BCDFGHJKLMNPRSTVWYZ][aeiou](?:[bcdfghjklmnprstvwyz][aeiou]){3}\b/g;

/** Samples `pages` pages of 100 traces spread over the whole list (of the project `headers` name). */
export async function sampleDataset(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
  pages = 8,
): Promise<DatasetSample> {
  const first = (await getJson(`${baseUrl}/api/public/traces?limit=100&fields=core,io`, token, headers))
    .json as ListPage;
  const total = first.meta.totalPages;
  const sample: DatasetSample = { traceIds: [], users: [], rare: [], common: COMMON, pairs: [] };
  for (let k = 0; k < pages; k++) {
    const page = 1 + Math.floor((k * (total - 1)) / Math.max(1, pages - 1));
    const { data } = (
      await getJson(`${baseUrl}/api/public/traces?limit=100&page=${page}&fields=core,io`, token, headers)
    ).json as ListPage;
    for (const t of data) {
      sample.traceIds.push(t.id);
      if (t.userId) sample.users.push(t.userId);
      const text = JSON.stringify(t.input ?? '');
      for (const m of text.matchAll(PRODUCT)) {
        if (t.userId) sample.rare.push({ term: m[0], userId: t.userId });
      }
    }
  }
  for (let i = 0; i + 1 < COMMON.length; i += 2) sample.pairs.push([COMMON[i]!, COMMON[i + 1]!]);
  if (sample.traceIds.length === 0 || sample.rare.length === 0) throw new Error('the data set gave no sample');
  return sample;
}
