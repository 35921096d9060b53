/**
 * Rows in ClickHouse's RowBinary format, written into one growing buffer as they are made: each
 * value in its column's order, little-endian, with no separators and nothing the engine parses
 * as text (docs/decisions/0054-binary-inserts.md). The table modules write their rows with these
 * methods in the order of their columns; the column types they declare say how each value is laid
 * out:
 *
 * - String (also LowCardinality(String)): its UTF-8 bytes after their length as a LEB128 varint;
 *   any byte may occur (0x00, 0x80 and above). A lone UTF-16 surrogate becomes U+FFFD, as in the
 *   TabSeparated encoding.
 * - UInt64 / Int64 / DateTime64(6): 8 bytes (a DateTime64(6) is Int64 microseconds).
 * - Float64: the 8 bytes of the double (NaN payloads and infinities kept).
 * - Tuple: its elements one after another; Array and Map: a varint count, then the elements (a
 *   Map's as key, value pairs); SimpleAggregateFunction(f, T): as T.
 */
export class RowBytes {
  private buf: Buffer;
  private at = 0;
  // The value writers the typed maps (uint64Map, ...) pass to `map`, bound once per buffer.
  private readonly uint64Value = (v: number) => this.uint64(v);
  private readonly float64Value = (v: number) => this.float64(v);
  private readonly versionedStringValue = (v: readonly [number, string]) => this.versionedString(v);

  constructor(expectedBytes: number) {
    this.buf = Buffer.allocUnsafe(Math.max(4096, expectedBytes));
  }

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  /** A count (an Array's or a Map's length), as a LEB128 varint. */
  count(n: number): void {
    this.room(10);
    this.at = writeVarint(this.buf, this.at, n);
  }

  /**
   * A String. Short ASCII strings (ids, names, types) are copied by JavaScript, which beats a
   * native call per field; others are written as UTF-8 after room for the longest length prefix
   * they can need, which moves back over the room not needed.
   */
  string(s: string): void {
    const n = s.length;
    if (n < 128) {
      this.room(n + 1);
      const buf = this.buf;
      const start = this.at + 1;
      let j = 0;
      for (; j < n; j++) {
        const c = s.charCodeAt(j);
        if (c >= 128) break;
        buf[start + j] = c;
      }
      if (j === n) {
        buf[this.at] = n;
        this.at = start + n;
        return;
      }
    }
    const most = 3 * n;
    const prefix = varintBytes(most);
    this.room(prefix + most);
    const written = this.buf.write(s, this.at + prefix, 'utf8');
    const needed = varintBytes(written);
    if (needed < prefix) this.buf.copyWithin(this.at + needed, this.at + prefix, this.at + prefix + written);
    this.at = writeVarint(this.buf, this.at, written) + written;
  }

  /**
   * A UInt64 from a non-negative integer (exact for every integer a double holds up to 2^64:
   * dividing by 2^32 and taking the floor are exact on doubles).
   */
  uint64(n: number): void {
    this.room(8);
    const high = Math.floor(n / 0x1_0000_0000);
    this.buf.writeUInt32LE(n - high * 0x1_0000_0000, this.at);
    this.buf.writeUInt32LE(high, this.at + 4);
    this.at += 8;
  }

  /** An Int64 (also DateTime64(6) microseconds) from an integer of at least -2^63, as two's complement. */
  int64(n: number): void {
    this.room(8);
    const high = Math.floor(n / 0x1_0000_0000);
    this.buf.writeUInt32LE(n - high * 0x1_0000_0000, this.at);
    this.buf.writeInt32LE(high, this.at + 4);
    this.at += 8;
  }

  /** An Int64 given as decimal text (the extremes no double holds). */
  int64Text(text: string): void {
    this.room(8);
    this.buf.writeBigInt64LE(BigInt(text), this.at);
    this.at += 8;
  }

  /**
   * A UInt64 given as decimal text (a series id: 64 bits no double holds), of at most 20 digits.
   * Worked out in two 32-bit halves on doubles, every step exact, rather than through a BigInt:
   * a series id is written with every point.
   */
  uint64Text(text: string): void {
    this.room(8);
    let high = 0;
    let low = 0;
    for (let i = 0; i < text.length; i++) {
      low = low * 10 + (text.charCodeAt(i) - 48);
      const carry = Math.floor(low / 0x1_0000_0000);
      high = high * 10 + carry;
      low -= carry * 0x1_0000_0000;
    }
    this.buf.writeUInt32LE(low, this.at);
    this.buf.writeUInt32LE(high, this.at + 4);
    this.at += 8;
  }

  float64(v: number): void {
    this.room(8);
    this.buf.writeDoubleLE(v, this.at);
    this.at += 8;
  }

  uint8(v: number): void {
    this.room(1);
    this.buf[this.at++] = v;
  }

  /** A Map(String, V) from an object's own keys (as the TabSeparated literals iterate them), each value by `value`. */
  map<V>(map: Record<string, V>, value: (v: V) => void): void {
    let n = 0;
    for (const _ in map) n++;
    this.count(n);
    for (const key in map) {
      this.string(key);
      value(map[key]!);
    }
  }

  /** A Map(String, UInt64). */
  uint64Map(map: Record<string, number>): void {
    this.map(map, this.uint64Value);
  }

  /** A Map(String, Float64). */
  float64Map(map: Record<string, number>): void {
    this.map(map, this.float64Value);
  }

  /** A Map(String, Tuple(UInt64, String)) (metadata, rarely carried fields). */
  versionedStringMap(map: Record<string, readonly [number, string]>): void {
    this.map(map, this.versionedStringValue);
  }

  /** An Array(String). */
  strings(items: readonly string[]): void {
    this.count(items.length);
    for (let i = 0; i < items.length; i++) this.string(items[i]!);
  }

  /** A (version, text) tuple: Tuple(UInt64, String). */
  versionedString(v: readonly [number, string]): void {
    this.uint64(v[0]);
    this.string(v[1]);
  }

  /** A (version, number) tuple of an Int64 value (times): Tuple(UInt64, Int64). */
  versionedInt64(v: readonly [number, number]): void {
    this.uint64(v[0]);
    this.int64(v[1]);
  }

  /** A (version, number) tuple of a Float64 value (a provided cost): Tuple(UInt64, Float64). */
  versionedFloat64(v: readonly [number, number]): void {
    this.uint64(v[0]);
    this.float64(v[1]);
  }

  /**
   * A (version, model, USD per input unit, USD per output unit) tuple:
   * Tuple(UInt64, String, Float64, Float64).
   */
  versionedModel(m: readonly [number, string, number, number]): void {
    this.uint64(m[0]);
    this.string(m[1]);
    this.float64(m[2]);
    this.float64(m[3]);
  }

  /** A (version, input, output, total) usage tuple: Tuple(UInt64, UInt64, UInt64, UInt64). */
  versionedUsage(u: readonly [number, number, number, number]): void {
    this.uint64(u[0]);
    this.uint64(u[1]);
    this.uint64(u[2]);
    this.uint64(u[3]);
  }

  /** A (version, input kinds, output kinds) usage tuple: Tuple(UInt64, UInt64, UInt64). */
  versionedUsageKinds(u: readonly [number, number, number]): void {
    this.uint64(u[0]);
    this.uint64(u[1]);
    this.uint64(u[2]);
  }

  /** A (version, units by name) tuple: Tuple(UInt64, Map(String, UInt64)). */
  versionedUInt64Map(v: readonly [number, Record<string, number>]): void {
    this.uint64(v[0]);
    this.uint64Map(v[1]);
  }

  /** A (version, amounts by name) tuple: Tuple(UInt64, Map(String, Float64)). */
  versionedFloat64Map(v: readonly [number, Record<string, number>]): void {
    this.uint64(v[0]);
    this.float64Map(v[1]);
  }

  /**
   * A String whose UTF-8 bytes are `from`'s [start, end) (a name read straight from a request's
   * bytes): their length, then the bytes, copied by JavaScript (short) or natively (long).
   */
  stringBytes(from: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.room(n + 10);
    this.at = writeVarint(this.buf, this.at, n);
    if (n > 64) this.buf.set(from.subarray(start, end), this.at);
    else for (let j = 0; j < n; j++) this.buf[this.at + j] = from[start + j]!;
    this.at += n;
  }

  /** Bytes written before (a series' prefix, made once): copied as they are. */
  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** The bytes written; copied to their own size when over a quarter of the buffer is spare (see LineBytes). */
  bytes(): Buffer {
    const used = this.buf.subarray(0, this.at);
    return this.at < (3 * this.buf.length) / 4 ? Buffer.from(used) : used;
  }
}

/** How many bytes `n`'s LEB128 varint takes. */
function varintBytes(n: number): number {
  let bytes = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    bytes++;
  }
  return bytes;
}

/** Writes `n` as a LEB128 varint at `at`; returns the offset after it. */
function writeVarint(buf: Buffer, at: number, n: number): number {
  while (n >= 128) {
    buf[at++] = (n % 128) | 128;
    n = Math.floor(n / 128);
  }
  buf[at++] = n;
  return at;
}
