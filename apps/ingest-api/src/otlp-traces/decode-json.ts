import { parseOtlpJson } from '../otlp/parse-json.ts';
import { checkOtlpJson } from './json-shape.ts';
import type { RequestLike } from './spans.ts';

/** Parses and shape-checks an OTLP/JSON body; 400 naming the field when it is not one. */
export function decodeJsonRequest(body: Buffer): RequestLike {
  return checkOtlpJson(parseOtlpJson(body));
}
