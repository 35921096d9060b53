import type { Long64, WireReader } from './wire-reader.ts';

// The 64-bit varint reads of WireReader, which follow protobufjs's readLongVarint rule for rule.

export const outOfRange = (r: WireReader, extra = 1) =>
  new RangeError(`index out of range: ${r.pos} + ${extra} > ${r.len}`);

/** A 64-bit varint (int64 or uint64) as exact halves. */
export function readLong(r: WireReader, unsigned: boolean): Long64 {
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
export function readInt64Number(r: WireReader): number {
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
