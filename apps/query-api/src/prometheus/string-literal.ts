/*
 * The value of a PromQL string literal's body, as Prometheus 2.42's lexer reads its escapes (Go's
 * string literal rules, with the lexer's own error messages), for the parser (parse.ts).
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** A character as Go's `%#U` writes it: `U+0064 'd'`, the quoted form only when printable. */
const goRune = (ch: string) => {
  const code = ch.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch) ? `${hex} '${ch}'` : hex;
};

/**
 * The value of a quoted string's body, its escapes read as Prometheus 2.42's lexer reads them: the
 * quote it opened with and `\a \b \f \n \r \t \v \\`, three octal digits (at most \377), `\x` and
 * two hex digits, `\u` four, `\U` eight (a code point, not a surrogate). Anything else is the
 * lexer's error, returned as such.
 */
export function unquotedBody(body: string, quote: string): string | { error: string } {
  let out = '';
  const chars = [...body];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const kind = chars[++i];
    // The body ends in a backslash: it escaped the closing quote.
    if (kind === undefined) return { error: 'unterminated quoted string' };
    if (kind === quote || SIMPLE_ESCAPES[kind] !== undefined) {
      out += kind === quote ? quote : SIMPLE_ESCAPES[kind];
      continue;
    }
    const form = /[0-7]/.test(kind)
      ? { digits: 3, base: 8, max: 255 }
      : kind === 'x'
        ? { digits: 2, base: 16, max: 255 }
        : kind === 'u'
          ? { digits: 4, base: 16, max: 0x10ffff }
          : kind === 'U'
            ? { digits: 8, base: 16, max: 0x10ffff }
            : undefined;
    if (form === undefined) return { error: `unknown escape sequence ${goRune(kind)}` };
    if (form.base === 16) i++;
    let code = 0;
    for (let k = 0; k < form.digits; k++, i++) {
      // Past the body, the lexer met the closing quote.
      const d = chars[i] ?? quote;
      const v = Number.parseInt(d, form.base);
      if (Number.isNaN(v) || !/^[0-9a-fA-F]$/.test(d))
        return { error: `illegal character ${goRune(d)} in escape sequence` };
      code = code * form.base + v;
    }
    i--;
    if (code > form.max || (code >= 0xd800 && code < 0xe000)) {
      return { error: 'escape sequence is an invalid Unicode code point' };
    }
    out += String.fromCodePoint(code);
  }
  return out;
}
