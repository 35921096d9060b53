import type { PromApiError } from './errors.ts';
import { skipBlank, unexpectedAt } from './lexer-tokens.ts';
import { parseError } from './parse.ts';

/*
 * What Prometheus' ParseMetricSelector (the metadata endpoints' `match[]`) says of an expression
 * that is more than a selector (`rate(x[5m])`, `x[5m]`, `x offset 1m`, `1 + x`): it reads a
 * metric name and label matchers, then fails at the first token after them, "unexpected" and the
 * token as its lexer describes it (`1:5: parse error: unexpected "("`).
 */

/** The words a metric name may be besides identifiers (2.42's grammar, `metric_identifier`). */
const NOT_METRIC_NAMES = new Set(['atan2', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'inf', 'nan']);

/**
 * ParseMetricSelector's refusal of `text` where it is more than a selector (a selector in
 * parentheses, with a range or an offset, an operation, a call) or nothing at all; undefined when
 * it is a selector and nothing more, or breaks off inside its braces (which the grammar words).
 */
export function notASelectorError(text: string): PromApiError | undefined {
  const at = afterSelector(text);
  const blank = skipBlank(text, 0) >= text.length;
  return at < text.length || blank ? parseError(at, unexpectedAt(text, at), text) : undefined;
}

/** Where the selector at the start of `text` ends: after its name and its braces, past spaces and comments. */
function afterSelector(text: string): number {
  let i = skipBlank(text, 0);
  const word = /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(text.slice(i))?.[0];
  if (word !== undefined) {
    if (NOT_METRIC_NAMES.has(word.toLowerCase())) return i;
    i = skipBlank(text, i + word.length);
  }
  if (text[i] === '{') i = skipBlank(text, closingBrace(text, i) + 1);
  return i;
}

/** The `}` closing the braces opened at `open` (strings skipped), or the text's end. */
function closingBrace(text: string, open: number): number {
  let i = open + 1;
  while (i < text.length && text[i] !== '}') {
    const q = text[i]!;
    if (q === '"' || q === "'" || q === '`') {
      i++;
      while (i < text.length && text[i] !== q) i += q !== '`' && text[i] === '\\' ? 2 : 1;
    }
    i++;
  }
  return i;
}
