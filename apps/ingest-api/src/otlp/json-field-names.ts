/*
 * The protobuf JSON mapping has parsers accept a field under its lowerCamelCase name or its
 * original proto name (`start_time_unix_nano`), and some OTLP/JSON senders write the original
 * names. The decoders read the camelCase names only, so a body that uses original names is
 * renamed once, here, before its shape is checked.
 *
 * Every object key of an OTLP/JSON request is a field name (attribute names are values of `key`),
 * so renaming every key is safe. Senders write one spelling throughout (a printer keeps proto names
 * or it does not), so the request's own top-level field tells which: a body in camelCase, the
 * common case, is not walked at all (a walk costs a fifth of the parse of a large export).
 */

/** `start_time_unix_nano` → `startTimeUnixNano`, as protoc derives JSON names. */
const camelCase = (name: string) => name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Whether a parsed body names its fields by their original proto names (`resource_spans`). */
export function usesOriginalNames(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  for (const key in body) if (key.includes('_')) return true;
  return false;
}

/**
 * Renames, in place, every object key of a parsed OTLP/JSON body to its lowerCamelCase JSON name.
 * A field sent under both names keeps its camelCase value. The walk is iterative: a body's nesting
 * is bounded by the JSON parser, not by the stack.
 */
export function renameToJsonNames(body: unknown): void {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const child = obj[key];
      stack.push(child);
      if (!key.includes('_')) continue;
      const name = camelCase(key);
      if (name === key) continue;
      if (!Object.hasOwn(obj, name)) obj[name] = child;
      delete obj[key];
    }
  }
}
