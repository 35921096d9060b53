import { badRequest } from '@spanhouse/http';
import { checkOtlpJson } from './json-shape.ts';
import type { RequestLike } from './spans.ts';

/** Parses and shape-checks an OTLP/JSON body; 400 naming the field when it is not one. */
export function decodeJsonRequest(body: Buffer): RequestLike {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  return checkOtlpJson(parsed);
}
