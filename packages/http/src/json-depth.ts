/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (strings and
 * their escapes are skipped). JSON.parse takes 20,000 levels, but JSON.stringify and recursive
 * validation of such a value overflow the stack: a request must be refused before that.
 */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Nesting allowed in request bodies: far beyond any real trace, metadata or OTLP attribute. */
export const MAX_JSON_DEPTH = 128;
