import { badRequest } from '@spanhouse/http';
import { renameToJsonNames, usesOriginalNames } from './json-field-names.ts';

/**
 * The body parsed as JSON, its fields under their lowerCamelCase names whichever of the two names
 * the protobuf JSON mapping allows the sender used (json-field-names.ts); 400 when it is not JSON
 * (every OTLP/JSON endpoint).
 */
export function parseOtlpJson(body: Buffer): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  if (usesOriginalNames(parsed)) renameToJsonNames(parsed);
  return parsed;
}
