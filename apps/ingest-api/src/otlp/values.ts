import { MAX_VALUE_DEPTH } from '../protobuf/wire-reader.ts';
import type { LongLike } from './times.ts';

/** An attribute value as plain JSON-able data. */
export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attributes = Record<string, AttrValue>;

/**
 * OTLP AnyValue, as protobufjs decodes it or as OTLP/JSON spells it (the field names are the
 * same; int64 is a Long in one and a decimal string or number in the other; bytes are bytes or
 * base64). Exactly one field is set; none means an empty value.
 */
export type AnyValueLike = {
  stringValue?: string | null;
  boolValue?: boolean | null;
  intValue?: LongLike | string | number | null;
  doubleValue?: number | string | null;
  arrayValue?: { values?: AnyValueLike[] | null } | null;
  kvlistValue?: { values?: KeyValueLike[] | null } | null;
  bytesValue?: Uint8Array | string | null;
};
export type KeyValueLike = { key?: string | null; value?: AnyValueLike | null };

/**
 * Nesting beyond this is cut off (a hostile request must not blow the stack): a value inside more
 * than MAX_VALUE_DEPTH arrays or key-value lists is null, as the protobuf decoder cuts it.
 */
const MAX_DEPTH = MAX_VALUE_DEPTH;

/** Values cut by the running `countingCuts` (the mapping is synchronous: one count at a time). */
let cuts = 0;

/**
 * Runs `map` (synchronous) and counts the attribute values it cut for their depth, to report them
 * in the export's partial_success.
 */
export function countingCuts<T>(map: () => T): { value: T; cuts: number } {
  const outer = cuts;
  cuts = 0;
  try {
    const value = map();
    return { value, cuts };
  } finally {
    cuts = outer;
  }
}

/** int64 as a number when it is exact, else as its decimal string (token counts fit either way). */
function intValue(v: LongLike | string | number): number | string {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v;
  }
  const high = v.high | 0;
  // high * 2^32 + low is exact below 2^53, which is |high| < 2^21: no BigInt on the common path.
  if (high >= -0x200000 && high < 0x200000) return high * 4294967296 + (v.low >>> 0);
  return ((BigInt(high) << 32n) | BigInt(v.low >>> 0)).toString();
}

function doubleValue(v: number | string): number | string {
  if (typeof v === 'number') return v;
  // The protobuf JSON mapping writes non-finite doubles as strings.
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

export function anyValue(v: AnyValueLike | null | undefined, depth = 0): AttrValue {
  if (!v) return null;
  if (depth > MAX_DEPTH) {
    cuts++;
    return null;
  }
  if (v.stringValue != null) return v.stringValue;
  if (v.boolValue != null) return v.boolValue;
  if (v.intValue != null) return intValue(v.intValue);
  if (v.doubleValue != null) return doubleValue(v.doubleValue);
  if (v.arrayValue != null) return (v.arrayValue.values ?? []).map((item) => anyValue(item, depth + 1));
  if (v.kvlistValue != null) return keyValues(v.kvlistValue.values, depth + 1);
  if (v.bytesValue != null) {
    return typeof v.bytesValue === 'string' ? v.bytesValue : Buffer.from(v.bytesValue).toString('base64');
  }
  return null;
}

/** A KeyValue list as an object; a repeated key keeps its last value. */
export function keyValues(list: readonly KeyValueLike[] | null | undefined, depth = 0): Attributes {
  const out: Attributes = {};
  if (!list) return out;
  for (const kv of list) {
    if (!kv?.key) continue;
    const value = anyValue(kv.value, depth);
    // A key named __proto__ is data here, not the object's prototype.
    if (kv.key === '__proto__') Object.defineProperty(out, kv.key, { value, enumerable: true, writable: true });
    else out[kv.key] = value;
  }
  return out;
}
