import { badRequest } from '@spanhouse/http';

/**
 * The body as parsed JSON (when the scanner fell back), with readJson's messages but without its
 * nesting-depth scan. That scan (as costly as JSON.parse on a 5000-point batch) protects code that
 * recurses into arbitrary JSON; nothing on this path does: V8's JSON.parse is iterative, the
 * decoder reads fixed fields, and both it and the schema refuse a nested value where a string or
 * number belongs without descending into it; unknown fields are never visited.
 */
export function parseMetricsBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
}
