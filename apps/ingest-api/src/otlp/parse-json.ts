import { badRequest, jsonItems } from '@spanhouse/http';
import { renameToJsonNames, usesOriginalNames } from './json-field-names.ts';

/**
 * JSON items (jsonItems: objects, arrays and the commas between values) an OTLP/JSON body may hold
 * per protobuf sub-message its endpoint lets a protobuf body decode. The same request takes about
 * twice as many items in JSON as messages in protobuf (an attribute is two messages, a key-value
 * and its value; in JSON two objects, and the commas after its key and between attributes), so a
 * request the protobuf budget takes is taken in JSON too, while a body of tiny values (`{},` is 3
 * bytes and an object once parsed) is refused before JSON.parse makes an object of each.
 */
export const JSON_ITEMS_PER_MESSAGE = 2;

/**
 * The body parsed as JSON, its fields under their lowerCamelCase names whichever of the two names
 * the protobuf JSON mapping allows the sender used (json-field-names.ts); 400 when it is not JSON,
 * or when it holds more than JSON_ITEMS_PER_MESSAGE items per message of `maxMessages` (the budget
 * of a protobuf body on the same endpoint), counted on the text before it is parsed (every
 * OTLP/JSON endpoint).
 */
export function parseOtlpJson(body: Buffer, maxMessages: number): unknown {
  const text = body.toString('utf8');
  const maxItems = maxMessages * JSON_ITEMS_PER_MESSAGE;
  if (jsonItems(text, maxItems) > maxItems) {
    throw badRequest(
      `request holds more than ${maxItems} JSON values (objects, arrays, members and elements: ${JSON_ITEMS_PER_MESSAGE} per protobuf message this endpoint decodes); send smaller batches`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  if (usesOriginalNames(parsed)) renameToJsonNames(parsed);
  return parsed;
}
