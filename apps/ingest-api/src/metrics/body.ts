import { badRequest } from '@spanhouse/http';
import type { Context } from 'hono';

/** The batch body as bytes: the scanner (scan.ts) reads them first. */
export async function readMetricsBody(c: Context): Promise<Buffer> {
  const body = Buffer.from(await c.req.arrayBuffer());
  if (body.length === 0) throw badRequest('request body is empty; expected JSON');
  return body;
}

/** The body as text, as Request.text() decodes it (UTF-8, a leading BOM dropped, bad bytes replaced). */
export function metricsText(body: Buffer): string {
  return new TextDecoder().decode(body);
}

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
