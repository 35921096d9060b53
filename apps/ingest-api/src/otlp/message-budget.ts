import { badRequest } from '@spanhouse/http';
import { MessageBudgetExceeded } from '../protobuf/wire-reader.ts';

/**
 * Sub-messages (spans, log records, events, links, attributes and their values, ...) one OTLP
 * protobuf request of traces or logs may decode. An empty sub-message takes 2 bytes on the wire and
 * an object once decoded, so a gzip body of a few kilobytes inflated to the decompressed limit
 * would stand for tens of millions of objects: gigabytes of memory for one request. A full batch
 * of an OpenTelemetry Collector (8,192 spans of a few dozen attributes each) makes a few hundred
 * thousand; this leaves room for several times that and bounds one request to about a hundred
 * megabytes of decoded objects.
 */
export const OTLP_MAX_MESSAGES = 2_000_000;

/**
 * `decode` run with the budget; past it a 400 saying what to do, else a body the decoder refuses is
 * a 400 naming `message` (the protobuf message the body should be).
 */
export function decodeWithinBudget<T>(message: string, decode: (maxMessages: number) => T): T {
  try {
    return decode(OTLP_MAX_MESSAGES);
  } catch (err) {
    if (err instanceof MessageBudgetExceeded) {
      throw badRequest(
        `request holds more than ${OTLP_MAX_MESSAGES} protobuf messages (spans, records, attributes, values, ...); send smaller batches`,
      );
    }
    throw badRequest(`request body is not a protobuf ${message}: ${(err as Error).message}`);
  }
}
