/**
 * Reading JSON from a request's bytes without decoding them to a string: the strict subset the
 * metrics batch scanner takes (scan.ts). Anything outside it throws FALLBACK, and the caller takes
 * the JSON.parse path, which accepts the body or words the 400.
 */
export const QUOTE = 34;
export const BACKSLASH = 92;
export const COMMA = 44;
export const COLON = 58;
export const MINUS = 45;
export const PLUS = 43;
export const DOT = 46;
export const ZERO = 48;
export const NINE = 57;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;
export const TAB = 9;
export const NEWLINE = 10;

/** The scanner gave up: the body is outside the subset it reads (not necessarily invalid). */
export class Fallback extends Error {}
export const FALLBACK = new Fallback();

/** A position in a body's bytes and the readers of JSON's pieces at it. */
export class JsonBytes {
  protected i = 0;

  constructor(protected readonly b: Buffer) {}

  /**
   * Reads a JSON number, finite. Returns undefined when the line can take the bytes as sent:
   * ClickHouse reads them as exactly the double JSON.parse gives when there are at most 15
   * significant digits and no exponent (the mantissa and the power of ten are then both exact).
   * Otherwise returns the double as JS prints it. Zero (-0, 0.000) is written as 0, as
   * String(value) does on the other path.
   */
  protected number(): string | undefined {
    const b = this.b;
    const start = this.i;
    let i = start;
    if (b[i] === MINUS) i++;
    const intStart = i;
    let nonZero = false;
    for (let c = b[i]!; c >= ZERO && c <= NINE; c = b[++i]!) nonZero ||= c !== ZERO;
    if (i === intStart || (b[intStart] === ZERO && i - intStart > 1)) throw FALLBACK;
    let digits = i - intStart;
    let plain = true;
    if (b[i] === DOT) {
      const fracStart = ++i;
      for (let c = b[i]!; c >= ZERO && c <= NINE; c = b[++i]!) nonZero ||= c !== ZERO;
      if (i === fracStart) throw FALLBACK;
      digits += i - fracStart;
    }
    const e = b[i];
    if (e === 101 || e === 69) {
      plain = false;
      i++;
      const sign = b[i];
      if (sign === PLUS || sign === MINUS) i++;
      const expStart = i;
      while (isDigit(b[i])) i++;
      if (i === expStart) throw FALLBACK;
    }
    this.i = i;
    if (plain && digits <= 15 && nonZero) return undefined;
    const n = Number(this.text(start, i));
    if (!Number.isFinite(n)) throw FALLBACK;
    return String(n);
  }

  /**
   * A string without escape sequences or control characters (anything else: fall back); returns
   * its content's byte range.
   */
  protected stringAt(): [number, number] {
    this.ws();
    const b = this.b;
    if (b[this.i] !== QUOTE) throw FALLBACK;
    const start = ++this.i;
    const end = b.indexOf(QUOTE, start);
    if (end < 0) throw FALLBACK;
    for (let j = start; j < end; j++) {
      const c = b[j]!;
      if (c === BACKSLASH || c < 32) throw FALLBACK;
    }
    this.i = end + 1;
    return [start, end];
  }

  /**
   * Bytes as text: Latin-1 when they are ASCII (a copy), else UTF-8; bytes that are not UTF-8
   * fall back, so that the text path's decoder decides what they mean.
   */
  protected text(start: number, end: number): string {
    const b = this.b;
    for (let j = start; j < end; j++) {
      if (b[j]! >= 0x80) {
        const s = b.toString('utf8', start, end);
        // Valid UTF-8 encodes back to the same bytes; replaced bad bytes do not.
        if (!Buffer.from(s).equals(b.subarray(start, end))) throw FALLBACK;
        return s;
      }
    }
    return b.toString('latin1', start, end);
  }

  protected expect(code: number): void {
    this.ws();
    if (this.b[this.i] !== code) throw FALLBACK;
    this.i++;
  }

  /** JSON whitespace: space, tab, newline, carriage return. */
  protected ws(): void {
    const b = this.b;
    for (;;) {
      const c = b[this.i];
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
      this.i++;
    }
  }
}

export function equalBytes(b: Uint8Array, start: number, end: number, want: Uint8Array): boolean {
  return end - start === want.length && sameBytes(b, start, 0, want.length, want);
}

/** Whether `n` bytes at `a` (in `b`) equal those at `c` (in `other`, default `b`). */
export function sameBytes(b: Uint8Array, a: number, c: number, n: number, other: Uint8Array = b): boolean {
  for (let j = 0; j < n; j++) if (b[a + j] !== other[c + j]) return false;
  return true;
}

export const isDigit = (c: number | undefined) => c !== undefined && c >= ZERO && c <= NINE;
