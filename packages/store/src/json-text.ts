/**
 * JSON text for stored values, without writing the same text twice: objects that many rows share
 * (an OTLP resource's attributes, its scope) have their text remembered, so a row reuses it
 * instead of serializing again.
 */
const known = new WeakMap<object, string>();

/** Remembers the JSON of an object many rows will hold, once. */
export function shareJson(value: object): void {
  if (!known.has(value)) known.set(value, JSON.stringify(value));
}

/** JSON.stringify, reusing remembered text. */
export function jsonOf(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const text = known.get(value);
    if (text !== undefined) return text;
  }
  return JSON.stringify(value);
}

/** JSON text for stored values (IO, metadata, parameters); '' means absent (null and undefined alike). */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return jsonOf(value);
}

/** Stored JSON text back to its value; '' is absent (null); text that is not JSON stays text. */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
