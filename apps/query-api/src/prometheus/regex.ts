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

/**
 * What the service knows of a pattern, each part made when first needed: its compiled regex, and
 * whether it is an alternation of literals (their set; null when it is not).
 */
type Known = { compiled?: Compiled; literals?: Set<string> | null };

// Dashboards send the same few patterns again and again; compiling one costs more than a match,
// and a Grafana variable's alternation (megabytes) more than its set test. Bounded by the
// patterns' length as well as their number.
const KNOWN = new LRUCache<string, Known>({
  max: 1000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (_known, pattern) => pattern.length + 1,
});

function known(re: string): Known {
  let k = KNOWN.get(re);
  if (!k) {
    k = {};
    KNOWN.set(re, k);
  }
  return k;
}

function compile(re: string): Compiled {
  const k = known(re);
  if (!k.compiled) {
    try {
      k.compiled = { re: RE2JS.compile(`^(?:${re})$`) };
    } catch (err) {
      // re2js words its syntax errors as Go's regexp does: "error parsing regexp: missing closing ): `^(?:()$`".
      k.compiled = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  return k.compiled;
}

/** The set a pattern that is an alternation of literals stands for (literalAlternatives), or undefined. */
function literalSet(re: string): Set<string> | undefined {
  const k = known(re);
  if (k.literals === undefined) {
    const literals = literalAlternatives(re);
    k.literals = literals ? new Set(literals) : null;
  }
  return k.literals ?? undefined;
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
  if (literalSet(re)) return undefined;
  const c = compile(re);
  return 'error' in c ? c.error : undefined;
}

/**
 * Whether the anchored regex matches all of `s`; undefined when RE2 refuses the pattern. An
 * alternation of literals is a set test (literalAlternatives), whatever its size.
 */
export function regexMatches(re: string, s: string): boolean | undefined {
  const literals = literalSet(re);
  if (literals) return literals.has(s);
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
