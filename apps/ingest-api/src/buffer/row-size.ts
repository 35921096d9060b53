/**
 * Approximate memory held by one buffered row, in bytes: string lengths (UTF-16, 2 bytes a
 * character) plus a fixed cost per value and per object or array. Cheap next to the JSON
 * serialization the insert does anyway; it only has to be proportional, to bound the buffer.
 */
export function approxRowBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 16 + 2 * value.length;
    case 'number':
    case 'boolean':
    case 'bigint':
      return 8;
    case 'object': {
      if (value === null) return 8;
      if (ArrayBuffer.isView(value)) return 32 + value.byteLength; // encoded rows (traces/encode.ts)
      let total = 32;
      if (Array.isArray(value)) {
        for (const item of value) total += approxRowBytes(item);
      } else {
        for (const key in value) total += 16 + 2 * key.length + approxRowBytes((value as Record<string, unknown>)[key]);
      }
      return total;
    }
    default:
      return 8;
  }
}
