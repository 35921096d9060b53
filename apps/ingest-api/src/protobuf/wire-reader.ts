import { isUtf8 } from 'node:buffer';

/** A 64-bit integer as two unsigned 32-bit halves, as protobufjs gives them (exact). */
export type Long64 = { low: number; high: number; unsigned: boolean };

/** Buffer's native UTF-8 decoder (what `toString('utf8', start, end)` calls, without its argument checks). */
type NodeBuffer = Buffer & { utf8Slice(start: number, end: number): string };

/** Nesting past this is refused, as protobufjs and protoc refuse it. */
export const RECURSION_LIMIT = 100;

/**
 * How deep an attribute value (OTLP AnyValue) may nest arrays and key-value lists: a value inside
 * MAX_VALUE_DEPTH containers is kept; one further in is cut to null, its bytes skipped unread.
 * The same cut as the OTLP/JSON mapping's (otlp/values.ts), so both encodings store the same
 * thing; and low enough that no AnyValue reaches RECURSION_LIMIT (8 messages above the first
 * AnyValue at most, an exemplar's attribute, then 3 per key-value list: 8 + 3 × 25 = 83), so a
 * deep value never fails the export (docs/decisions/0092-attribute-value-depth.md: the one input
 * read where protobufjs refuses).
 */
export const MAX_VALUE_DEPTH = 24;

/** Thrown by WireReader.enter past the reader's `maxMessages`. */
export class MessageBudgetExceeded extends Error {
  override name = 'MessageBudgetExceeded';
}

/**
 * The protobuf wire-format reader the generated OTLP decoder (generated/otlp-decode.ts, made by
 * scripts/gen-otlp-decoder.ts from the .proto files) runs on. It follows protobufjs's Reader rule
 * for rule (varint limits, length checks, strict UTF-8, group skipping, the recursion limit), so
 * what protobufjs refuses is refused here too; it differs in what it makes: strings come from
 * Node's native UTF-8 decoder and bytes are views of the request body, never copies.
 * `len` is the end of the message being read (a sub-message narrows it while it is read).
 */
export class WireReader {
  pos = 0;
  len: number;
  /** How many AnyValue containers (arrays, key-value lists) the value being read is inside. */
  valueDepth = 0;

  /**
   * `maxMessages`: the sub-messages (`enter`) a read may make, past which it throws
   * MessageBudgetExceeded. An empty sub-message takes 2 bytes on the wire and an object once
   * decoded, so a small gzip body can stand for millions of them: a caller bounds them here.
   */
  constructor(
    readonly buf: Buffer,
    private messagesLeft = Number.POSITIVE_INFINITY,
  ) {
    this.len = buf.length;
  }

  /** A varint of at most 4 bytes where fewer than 5 remain (protobufjs readVarint32NearEnd). */
  private varint32NearEnd(): number {
    let value = 0;
    for (let i = 0; i < 4; ++i) {
      if (this.pos >= this.len) throw outOfRange(this);
      const b = this.buf[this.pos++]!;
      value = (value | ((b & 127) << (i * 7))) >>> 0;
      if (b < 128) return value;
    }
    throw outOfRange(this);
  }

  /** An unsigned 32-bit varint (up to 10 bytes; bits past 32 dropped). */
  uint32(): number {
    if (this.len - this.pos < 5) {
      if (this.pos >= this.len) throw outOfRange(this);
      if (this.buf[this.pos]! >= 128) return this.varint32NearEnd();
    }
    const buf = this.buf;
    let pos = this.pos;
    let value = buf[pos]! & 127;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 7)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 14)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 21)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 15) << 28)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    for (let i = 0; i < 5; ++i) {
      if (pos >= this.len) {
        this.pos = pos;
        throw outOfRange(this);
      }
      if (buf[pos++]! < 128) {
        this.pos = pos;
        return value;
      }
    }
    this.pos = pos;
    throw new Error('invalid varint encoding');
  }

  /** A field tag: a varint of at most 5 bytes that fits 32 bits. */
  tag(): number {
    if (this.len - this.pos < 5) {
      if (this.pos >= this.len) throw outOfRange(this);
      if (this.buf[this.pos]! >= 128) return this.varint32NearEnd();
    }
    const buf = this.buf;
    let pos = this.pos;
    let value = buf[pos]! & 127;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 7)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 14)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 21)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 15) << 28)) >>> 0;
    if (buf[pos]! < 128 && (buf[pos]! & 112) === 0) {
      this.pos = pos + 1;
      return value;
    }
    this.pos = pos + 1;
    throw new Error('invalid tag encoding');
  }

  /** A length prefix (below 2^31). */
  size(): number {
    if (this.len - this.pos < 5) {
      if (this.pos >= this.len) throw outOfRange(this);
      if (this.buf[this.pos]! >= 128) return this.varint32NearEnd();
    }
    const buf = this.buf;
    let pos = this.pos;
    let value = buf[pos]! & 127;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 7)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 14)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    value = (value | ((buf[pos]! & 127) << 21)) >>> 0;
    if (buf[pos++]! < 128) {
      this.pos = pos;
      return value;
    }
    this.pos = pos + 1;
    if (buf[pos]! > 7) throw new Error('invalid length encoding');
    return (value | (buf[pos]! << 28)) >>> 0;
  }

  int32(): number {
    return this.uint32() | 0;
  }

  /** A zigzag-encoded sint32. */
  sint32(): number {
    const v = this.uint32();
    return (v >>> 1) ^ -(v & 1);
  }

  bool(): boolean {
    return this.uint32() !== 0;
  }

  /** A 64-bit varint (int64 or uint64) as exact halves. */
  long(unsigned: boolean): Long64 {
    return readLong(this, unsigned);
  }

  /** A 64-bit varint as a plain number, exact below 2^53 (see readInt64Number). */
  int64Number(): number {
    return readInt64Number(this);
  }

  fixed32(): number {
    if (this.pos + 4 > this.len) throw outOfRange(this, 4);
    const value = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return value;
  }

  fixed64(unsigned: boolean): Long64 {
    if (this.pos + 8 > this.len) throw outOfRange(this, 8);
    const low = this.buf.readInt32LE(this.pos);
    const high = this.buf.readInt32LE(this.pos + 4);
    this.pos += 8;
    return { low, high, unsigned };
  }

  double(): number {
    if (this.pos + 8 > this.len) throw outOfRange(this, 8);
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  float(): number {
    if (this.pos + 4 > this.len) throw outOfRange(this, 4);
    const value = this.buf.readFloatLE(this.pos);
    this.pos += 4;
    return value;
  }

  /** Length-delimited bytes as a view of the body (no copy). */
  bytes(): Buffer {
    const length = this.size();
    const start = this.pos;
    const end = start + length;
    if (end > this.len) throw outOfRange(this, length);
    this.pos = end;
    return this.buf.subarray(start, end);
  }

  /**
   * A length-delimited string; invalid UTF-8 is refused (proto3 strings must be UTF-8, and
   * protobufjs refuses it too). Node's decoder turns invalid bytes into U+FFFD, so only a string
   * holding U+FFFD is checked byte by byte.
   */
  string(): string {
    const length = this.size();
    const start = this.pos;
    const end = start + length;
    if (end > this.len) throw outOfRange(this, length);
    this.pos = end;
    if (length === 0) return '';
    const value = (this.buf as NodeBuffer).utf8Slice(start, end);
    if (value.includes('\uFFFD') && !isUtf8(this.buf.subarray(start, end))) {
      throw new TypeError('The encoded data was not valid for encoding utf-8');
    }
    return value;
  }

  /**
   * Narrows the reader to a sub-message of `length` bytes; returns what `leave` restores. Reading
   * past the sub-message is out of range, as in protobufjs.
   */
  enter(length: number): number {
    if (--this.messagesLeft < 0) throw new MessageBudgetExceeded();
    const end = this.pos + length;
    if (end > this.len) throw new RangeError('index out of range');
    const outer = this.len;
    this.len = end;
    return outer;
  }

  /** Ends a sub-message, which must have been read exactly. */
  leave(outer: number): void {
    if (this.pos !== this.len) throw new RangeError('index out of range');
    this.len = outer;
  }

  /** Skips a field of an unknown number (or of an unexpected wire type). */
  skipType(wireType: number, depth: number, fieldNumber?: number): void {
    if (depth > RECURSION_LIMIT) throw new Error('max depth exceeded');
    if (fieldNumber === 0) throw new Error('illegal tag: field number 0');
    switch (wireType) {
      case 0:
        this.skipVarint();
        break;
      case 1:
        this.skip(8);
        break;
      case 2:
        this.skip(this.size());
        break;
      case 3:
        for (;;) {
          const tag = this.tag();
          const nested = tag >>> 3;
          const type = tag & 7;
          if (!nested) throw new Error('illegal tag: field number 0');
          if (type === 4) {
            if (fieldNumber !== undefined && nested !== fieldNumber) throw new Error('invalid end group tag');
            break;
          }
          this.skipType(type, depth + 1, nested);
        }
        break;
      case 5:
        this.skip(4);
        break;
      default:
        throw new Error(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }

  private skip(length: number): void {
    if (this.pos + length > this.len) throw outOfRange(this, length);
    this.pos += length;
  }

  private skipVarint(): void {
    do {
      if (this.pos >= this.len) throw outOfRange(this);
    } while (this.buf[this.pos++]! & 128);
  }
}

// The 64-bit varint reads of WireReader, which follow protobufjs's readLongVarint rule for rule.

const outOfRange = (r: WireReader, extra = 1) => new RangeError(`index out of range: ${r.pos} + ${extra} > ${r.len}`);

/** A 64-bit varint (int64 or uint64) as exact halves. */
function readLong(r: WireReader, unsigned: boolean): Long64 {
  let lo = 0;
  let hi = 0;
  let i = 0;
  const buf = r.buf;
  if (r.len - r.pos > 4) {
    for (; i < 4; ++i) {
      lo = (lo | ((buf[r.pos]! & 127) << (i * 7))) >>> 0;
      if (buf[r.pos++]! < 128) return { low: lo | 0, high: 0, unsigned };
    }
    lo = (lo | ((buf[r.pos]! & 127) << 28)) >>> 0;
    hi = (hi | ((buf[r.pos]! & 127) >> 4)) >>> 0;
    if (buf[r.pos++]! < 128) return { low: lo | 0, high: hi | 0, unsigned };
    i = 0;
  } else {
    for (; i < 4; ++i) {
      if (r.pos >= r.len) throw outOfRange(r);
      lo = (lo | ((buf[r.pos]! & 127) << (i * 7))) >>> 0;
      if (buf[r.pos++]! < 128) return { low: lo | 0, high: 0, unsigned };
    }
    throw outOfRange(r);
  }
  if (r.len - r.pos > 4) {
    for (; i < 5; ++i) {
      hi = (hi | ((buf[r.pos]! & 127) << (i * 7 + 3))) >>> 0;
      if (buf[r.pos++]! < 128) return { low: lo | 0, high: hi | 0, unsigned };
    }
  } else {
    for (; i < 5; ++i) {
      if (r.pos >= r.len) throw outOfRange(r);
      hi = (hi | ((buf[r.pos]! & 127) << (i * 7 + 3))) >>> 0;
      if (buf[r.pos++]! < 128) return { low: lo | 0, high: hi | 0, unsigned };
    }
  }
  throw new Error('invalid varint encoding');
}

/**
 * A 64-bit varint (int64 or uint64) as a plain number: exact while the magnitude is below 2^53
 * (millisecond times, counts), rounded beyond. Up to seven bytes (49 bits: every millisecond time
 * until the year 19800) are read without the object `long` makes; longer ones (negative int64s
 * take ten) go through `long` and are combined from its halves.
 */
function readInt64Number(r: WireReader): number {
  const buf = r.buf;
  const start = r.pos;
  let value = 0;
  let scale = 1;
  for (let pos = start; pos < start + 7 && pos < r.len; pos++) {
    const b = buf[pos]!;
    value += (b & 127) * scale;
    if (b < 128) {
      r.pos = pos + 1;
      return value;
    }
    scale *= 128;
  }
  const l = readLong(r, false);
  return (l.high | 0) * 4294967296 + (l.low >>> 0);
}
