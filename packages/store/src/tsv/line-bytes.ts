/**
 * TabSeparated lines written as bytes straight into one growing buffer as they are made, for
 * the tables encoded as text at request time (scores, lookups, series; the trace tables' text
 * encoders, which older log records hold; traces, observation pieces and samples are written as
 * RowBinary now, row-binary/row-bytes.ts). Bytes rather than a string: the
 * engine takes bytes (Db.insertText), a flush concatenates requests with a memory copy, and
 * waiting requests hold their rows off the JavaScript heap.
 *
 * `line` writes a whole line as UTF-8: a line built from template parts is a tree of string
 * pieces until flattened, and writing it at once flattens it while it is young, instead of joining
 * lines into one string to encode later (docs/decisions/0004-ingest-tabseparated.md has the
 * figures). `byte`, `ascii` and `copy` write the short fields of a metric sample (5-30 bytes) byte
 * by byte in JavaScript, which beats a native call per field; call `room` first for their total.
 */
export class LineBytes {
  private buf: Buffer;
  private at = 0;

  constructor(expectedBytes: number) {
    this.buf = Buffer.allocUnsafe(Math.max(4096, expectedBytes));
  }

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  /** A line of any text, as UTF-8 (at most 3 bytes per UTF-16 code unit). */
  line(text: string): void {
    this.room(text.length * 3);
    this.at += this.buf.write(text, this.at);
  }

  byte(c: number): void {
    this.buf[this.at++] = c;
  }

  /** An ASCII string (ids, times, numbers as JS prints them). */
  ascii(s: string): void {
    const buf = this.buf;
    let at = this.at;
    for (let j = 0; j < s.length; j++) buf[at++] = s.charCodeAt(j);
    this.at = at;
  }

  /** Bytes [start, end) of `from`. */
  copy(from: Uint8Array, start: number, end: number): void {
    const buf = this.buf;
    let at = this.at;
    for (let j = start; j < end; j++) buf[at++] = from[j]!;
    this.at = at;
  }

  /**
   * The bytes written; copied to their own size when over a quarter of the buffer is spare, so a
   * request does not hold much unused memory while it waits for its commit.
   */
  bytes(): Buffer {
    const used = this.buf.subarray(0, this.at);
    return this.at < (3 * this.buf.length) / 4 ? Buffer.from(used) : used;
  }
}
