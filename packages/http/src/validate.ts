import type { Context } from 'hono';
import * as v from 'valibot';
import { badRequest } from './errors.ts';
import { jsonDepth, jsonItems, MAX_JSON_DEPTH, MAX_JSON_ITEMS } from './json-scan.ts';

/** `observations.2.startTime: must be ...`: the message names the offending field. */
export function issuesMessage(issues: readonly v.BaseIssue<unknown>[], root?: string): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = v.getDotPath(issue);
    const where = [root, path].filter(Boolean).join('.');
    const message = missingKey(issue) ? 'is required' : issue.message;
    // A schema's own message may name its field already ('batch: must be an array of events').
    return where && !message.startsWith(`${where}: `) ? `${where}: ${message}` : message;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return parts.join('; ') + more;
}

/**
 * A required key the input lacks, worded by the schema library's default ('Invalid key: Expected
 * "startTime" but received undefined'): the field is named by the path, so 'is required' says it.
 * A schema's own message for it is kept.
 */
const missingKey = (issue: v.BaseIssue<unknown>) =>
  issue.type === 'object' && issue.received === 'undefined' && issue.message.startsWith('Invalid key:');

/** Validates a value; throws 400 naming the fields that failed. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown, root?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw badRequest(issuesMessage(result.issues, root));
  return result.output;
}

/**
 * Parses JSON request text; 400 when empty, malformed, nested deeper than MAX_JSON_DEPTH or holding
 * more than MAX_JSON_ITEMS values, both counted on the text before it is parsed.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw badRequest('request body is empty; expected JSON');
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw badRequest(`request body nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (jsonItems(text, MAX_JSON_ITEMS) > MAX_JSON_ITEMS) {
    throw badRequest(
      `request body holds more than ${MAX_JSON_ITEMS} JSON values (objects, arrays, members and elements); send smaller batches`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
}

/** Parses request text that must hold a JSON object; 400 otherwise (see parseJsonBody). */
export function parseJsonObject(text: string): Record<string, unknown> {
  const body = parseJsonBody(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * Query parameters as a flat object, with repeated keys kept as arrays
 * (`tags=a&tags=b` -> ['a', 'b']); single keys stay strings.
 */
export function queryObject(c: Context): Record<string, string | string[]> {
  // No prototype: a parameter may be named `__proto__` (or anything else).
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}
