/*
 * Where a search's terms are in a text, for highlighting the conversation a search led to. The
 * server decides what matches (docs/search.md); this marks the same terms as the reader sees
 * them: case and accents ignored, a quoted phrase as a whole, words as typed (a word the server
 * matched as a token is marked wherever its letters appear).
 */

/** The terms of a search as the user typed them: "quoted phrases" and words, separators dropped. */
export function highlightTerms(search: string | undefined): string[] {
  if (!search) return [];
  const terms: string[] = [];
  for (const m of search.matchAll(/"([^"]*)"?|([^\s"]+)/gu)) {
    const term = (m[1] ?? m[2] ?? '').trim();
    // A term of separators only is no term (the server drops it too).
    if (/[\p{L}\p{N}]/u.test(term)) terms.push(term);
  }
  return terms;
}

/** A character folded as the search folds it: lowered, combining marks dropped. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase();

/**
 * The text folded, with the start in the original text of each folded character (so a match in
 * the folded text maps back to the characters the reader sees).
 */
function folded(text: string): { folded: string; origin: number[] } {
  let out = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = fold(ch);
    out += f;
    for (let k = 0; k < f.length; k++) origin.push(at);
    at += ch.length;
  }
  origin.push(at);
  return { folded: out, origin };
}

/** The [start, end) ranges of `text` where any term occurs, sorted and merged. */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  if (terms.length === 0 || text.length === 0) return [];
  const { folded: f, origin } = folded(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const needle = fold(term);
    if (!needle) continue;
    for (let i = f.indexOf(needle); i >= 0; i = f.indexOf(needle, i + needle.length)) {
      ranges.push([origin[i]!, origin[i + needle.length]!]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
