/**
 * The strings a regex matcher's pattern stands for when it is an alternation of literals and
 * nothing else (`a|b\.c|`), or undefined for any other pattern.
 *
 * Grafana writes a multi-value variable (`$instance` with "All" or several values picked) as such
 * an alternation, every regex character of the values escaped with a backslash
 * (`host-1\.example\.com|host-2\.example\.com`); thousands of values make a pattern of megabytes,
 * which RE2 refuses past its memory bound ("pattern too large", in ClickHouse from about
 * 40,000 values) while Prometheus' Go regexp takes it. Anchored as Prometheus anchors it, such a
 * pattern matches exactly its alternatives, so it is tested as a set instead: `IN` in SQL,
 * membership here. A backslash escapes only ASCII punctuation here (RE2 refuses `\q`, and `\d`
 * is a class); any other metacharacter, a group, a class or a flag makes the pattern a regex.
 */
export function literalAlternatives(pattern: string): string[] | undefined {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '|') {
      out.push(current);
      current = '';
    } else if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || !PUNCTUATION.test(next)) return undefined;
      current += next;
      i++;
    } else if (METACHARACTERS.has(c)) {
      return undefined;
    } else current += c;
  }
  out.push(current);
  return out;
}

/** ASCII punctuation, which RE2 and Go take escaped as the character itself. */
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** The characters with a meaning in RE2's syntax outside a class. */
const METACHARACTERS = new Set(['.', '+', '*', '?', '(', ')', '[', ']', '{', '}', '^', '$']);
