import { OTLP_MAX_MESSAGES } from '../otlp/message-budget.ts';
import { parseOtlpJson } from '../otlp/parse-json.ts';
import { checkOtlpJson } from './json-shape.ts';
import type { RequestLike } from './spans.ts';

/**
 * Parses and shape-checks an OTLP/JSON body; 400 naming the field when it is not one, or when it
 * holds more than the JSON equivalent of OTLP_MAX_MESSAGES (parse-json.ts).
 */
export function decodeJsonRequest(body: Buffer): RequestLike {
  return checkOtlpJson(parseOtlpJson(body, OTLP_MAX_MESSAGES));
}
