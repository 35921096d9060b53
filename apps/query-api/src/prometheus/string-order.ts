/*
 * The order Prometheus sorts strings in (label names and values, hence series): Go compares
 * strings byte by byte, and UTF-8's byte order is code-point order. JavaScript's `<` and the
 * default `sort()` compare UTF-16 code units instead, which differ for characters above U+FFFF:
 * their surrogates (D800-DFFF) sort before U+E000-U+FFFF there, after them in code-point order.
 */

/** a before b in UTF-8 byte (code-point) order: negative, 0 or positive. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/**
 * A code unit's rank in code-point order at the first difference of two strings: surrogates
 * (the start of a character above U+FFFF) moved after U+FFFF, U+E000-U+FFFF moved down into
 * their place; the other units keep their value.
 */
function codePointRank(u: number): number {
  if (u < 0xd800) return u;
  return u >= 0xe000 ? u - 0x800 : u + 0x2000;
}
