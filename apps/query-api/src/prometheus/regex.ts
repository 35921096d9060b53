import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';
import { literalAlternatives } from '../metric-series/literal-alternatives.ts';
import type { Matcher } from './ast.ts';

/*
 * Regexes evaluated in the service, with Go's RE2 semantics as Prometheus has them: re2js (a port
 * of RE2) reads RE2's syntax (`\pL`, `\Q...\E`, `(?U)`, `\x{212a}`), RE2's classes (`\s` is
 * [\t\n\f\r ]), Unicode case folding and matches by code point, where JavaScript's RegExp differs
 * on each (decisions/0088-re2js-for-promql-regexes.md). Patterns are anchored as Prometheus
 * anchors them, `^(?:re)$`.
 */

/** A compiled anchored regex, or RE2's reason for refusing the pattern (Go's wording). */
type Compiled = { re: RE2JS } | { error: string };

// Dashboards send the same few patterns again and again; compiling one costs more than a match.
const COMPILED = new LRUCache<string, Compiled>({ max: 1000 });

function compile(re: string): Compiled {
  let c = COMPILED.get(re);
  if (!c) {
    try {
      c = { re: RE2JS.compile(`^(?:${re})$`) };
    } catch (err) {
      // re2js words its syntax errors as Go's regexp does: "error parsing regexp: missing closing ): `^(?:()$`".
      c = { error: err instanceof Error ? err.message : String(err) };
    }
    COMPILED.set(re, c);
  }
  return c;
}

/** The anchored regex; undefined when RE2 refuses the pattern (regexError says why). */
export function anchoredRegex(re: string): RE2JS | undefined {
  const c = compile(re);
  return 're' in c ? c.re : undefined;
}

/**
 * RE2's reason for refusing a pattern (`error parsing regexp: ...`), undefined for a valid one.
 * An alternation of literals is valid at any size, as in Go's regexp (RE2 bounds its memory).
 */
export function regexError(re: string): string | undefined {
  if (literalAlternatives(re)) return undefined;
  const c = compile(re);
  return 'error' in c ? c.error : undefined;
}

/**
 * Whether the anchored regex matches all of `s`; undefined when RE2 refuses the pattern. An
 * alternation of literals is a set test (literalAlternatives), whatever its size.
 */
export function regexMatches(re: string, s: string): boolean | undefined {
  const literals = literalAlternatives(re);
  if (literals) return literals.includes(s);
  return anchoredRegex(re)?.matches(s);
}

/**
 * Whether a matcher matches the empty string (such matchers alone select every series). A regex
 * RE2 refuses counts as not matching '' (the parser refuses it before this matters).
 */
export function matchesEmpty(m: Matcher): boolean {
  switch (m.op) {
    case '=':
      return m.value === '';
    case '!=':
      return m.value !== '';
    case '=~':
      return regexMatches(m.value, '') === true;
    case '!~':
      return regexMatches(m.value, '') === false;
  }
}
