import type { Matcher } from './ast.ts';

/* Label matching by regex as Prometheus does it: RE2 patterns, anchored, read by JavaScript's engine. */

/**
 * Whether a matcher matches the empty string (such matchers alone select every series). Regexes
 * are tried with JavaScript's engine, which reads the RE2 syntax Prometheus uses for this purpose;
 * one it cannot compile counts as not matching '' here, and ClickHouse's RE2 decides its validity.
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

/** Whether the anchored regex matches `s`; undefined when JavaScript cannot compile it. */
export function regexMatches(re: string, s: string): boolean | undefined {
  return anchoredRegex(re)?.test(s);
}

/**
 * An RE2 (Go regexp) pattern anchored as Prometheus anchors it, `^(?:re)$`, in JavaScript's
 * syntax: `(?P<name>` groups become `(?<name>`, leading flags `(?i)`, `(?s)`, `(?m)` become
 * JavaScript flags. Undefined when JavaScript cannot compile it (other inline flags, RE2-only
 * classes).
 */
export function anchoredRegex(re: string): RegExp | undefined {
  const flags = /^\(\?([ism]+)\)/.exec(re);
  const body = (flags ? re.slice(flags[0].length) : re).replace(/\(\?P</g, '(?<');
  try {
    return new RegExp(`^(?:${body})$`, flags?.[1] ?? '');
  } catch {
    return undefined;
  }
}
