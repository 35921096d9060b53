import { badRequest } from '@spanhouse/http';
import { checkOtlpJson } from './json-shape.ts';
import type { RequestLike } from './spans.ts';

/** The body parsed as JSON; 400 when it is not JSON (every OTLP/JSON endpoint). */
export function parseOtlpJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
}

/** Parses and shape-checks an OTLP/JSON body; 400 naming the field when it is not one. */
export function decodeJsonRequest(body: Buffer): RequestLike {
  return checkOtlpJson(parseOtlpJson(body));
}
