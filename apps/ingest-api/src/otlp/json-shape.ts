import { badRequest } from '@spanhouse/http';
import { MAX_VALUE_DEPTH } from '../protobuf/wire-reader.ts';

/*
 * The pieces of a shape check of an OTLP/JSON request (the protobuf JSON mapping with
 * lowerCamelCase names, hex ids and integer enums), shared by the trace and metrics endpoints.
 * Written by hand rather than as a valibot schema: this runs on every attribute of every span or
 * point, where a schema costs several times JSON.parse itself (docs/decisions/0007-otlp-decoding.md).
 * It checks in place and copies nothing; the message names the field, as our validation errors
 * do. Unknown fields are ignored, as OTLP asks of receivers.
 */

type Obj = Record<string, unknown>;

/**
 * Attribute values nested deeper than this are not looked at: the value mapping (values.ts) cuts
 * them to null at the same depth, for JSON and protobuf alike, and the walk stays shallow.
 */
const MAX_DEPTH = MAX_VALUE_DEPTH;
const INT64_RE = /^-?\d{1,20}$/;
const UINT64_RE = /^\d{1,20}$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function fail(path: string, expected: string, value: unknown): never {
  throw badRequest(`${path}: must be ${expected}, not ${describe(value)}`);
}

export const absent = (value: unknown) => value === undefined || value === null;
export const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function object(value: unknown, path: string): Obj | undefined {
  if (absent(value)) return undefined;
  if (!isObj(value)) fail(path, 'an object', value);
  return value;
}

export function array(value: unknown, path: string): unknown[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value;
}

export function string(value: unknown, path: string): void {
  if (!absent(value) && typeof value !== 'string') fail(path, 'a string', value);
}

export function enumValue(value: unknown, path: string): void {
  if (absent(value) || Number.isInteger(value) || typeof value === 'string') return;
  fail(path, 'an enum number or name', value);
}

/**
 * Whether a JSON number is a 64-bit integer (signed, or `unsigned`). OTLP/JSON writes these as
 * decimal strings, and receivers must take numbers too (the specification's JSON encoding): past
 * 2^53 a JSON number was rounded by whoever parsed it, so its value is taken as parsed.
 */
export function isInt64Number(value: unknown, unsigned = false): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  return unsigned ? value >= 0 && value < 2 ** 64 : value >= -(2 ** 63) && value < 2 ** 63;
}

export function unixNano(value: unknown, path: string): void {
  if (absent(value)) return;
  if (typeof value === 'string' ? UINT64_RE.test(value) : isInt64Number(value, true)) return;
  fail(path, 'nanoseconds since the epoch (a decimal string or a non-negative integer)', value);
}

export function anyValue(value: unknown, path: string, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  const v = object(value, path);
  if (!v) return;
  string(v.stringValue, `${path}.stringValue`);
  if (!absent(v.boolValue) && typeof v.boolValue !== 'boolean') fail(`${path}.boolValue`, 'a boolean', v.boolValue);
  const int = v.intValue;
  if (!absent(int) && !(typeof int === 'string' ? INT64_RE.test(int) : isInt64Number(int))) {
    fail(`${path}.intValue`, 'an integer (a number or a decimal string)', int);
  }
  const double = v.doubleValue;
  if (!absent(double) && typeof double !== 'number' && typeof double !== 'string') {
    fail(`${path}.doubleValue`, 'a number', double);
  }
  const list = object(v.arrayValue, `${path}.arrayValue`);
  if (list) {
    const values = array(list.values, `${path}.arrayValue.values`);
    for (let i = 0; i < values.length; i++) anyValue(values[i], `${path}.arrayValue.values.${i}`, depth + 1);
  }
  const kvlist = object(v.kvlistValue, `${path}.kvlistValue`);
  if (kvlist) keyValues(kvlist.values, `${path}.kvlistValue.values`, depth + 1);
  string(v.bytesValue, `${path}.bytesValue`);
}

export function keyValues(value: unknown, path: string, depth = 0): void {
  const list = array(value, path);
  for (let i = 0; i < list.length; i++) {
    const kv = list[i];
    if (!isObj(kv)) fail(`${path}.${i}`, 'an object with key and value', kv);
    if (typeof kv.key !== 'string') fail(`${path}.${i}.key`, 'a string', kv.key);
    anyValue(kv.value, `${path}.${i}.value`, depth);
  }
}
