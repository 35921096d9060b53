/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (strings and
 * their escapes are skipped). JSON.parse takes 20,000 levels, but JSON.stringify and recursive
 * validation of such a value overflow the stack: a request must be refused before that.
 *
 * Runs on every JSON body before its parse, whose text is mostly inside strings (inputs, outputs,
 * ids): a string is crossed with `indexOf` to its closing quote (the first one not escaped by an
 * odd run of backslashes) instead of a character at a time. Text that is not JSON (an unterminated
 * string) is counted as far as it goes; its parse refuses it after.
 */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(text, i);
      if (i < 0) return max;
    } else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** The index of the quote closing the string opened at `open`, or -1 when none does. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    // The backslashes right before it: an odd run escapes it. The run cannot reach past `from`,
    // which follows a quote.
    let before = quote - 1;
    while (text.charCodeAt(before) === 92) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Nesting allowed in request bodies: far beyond any real trace, metadata or OTLP attribute. */
export const MAX_JSON_DEPTH = 128;
