import type { Attributes } from '../otlp/values.ts';
import { AttributeReader } from '../otlp-traces/attr-reader.ts';
import type { SpanFacts } from '../otlp-traces/conventions/facts.ts';
import { readGenAi } from '../otlp-traces/conventions/gen-ai.ts';
import { isGenAiMessageEvent, readSpanEvents } from '../otlp-traces/conventions/span-events.ts';
import type { OtlpSpanEvent } from '../otlp-traces/spans.ts';
import type { OtlpLogRecord } from './records.ts';

/** The operation-details event (semconv 1.37+) carries its messages as attributes, not in the body. */
const OPERATION_DETAILS = 'gen_ai.client.inference.operation.details';

/** Whether a log record is a GenAI message event: its span's input or output, not an observation. */
export const isGenAiRecord = (record: OtlpLogRecord) => isGenAiMessageEvent(record.eventName);

/**
 * What one GenAI event record says, in the shape a span event carries it: a message or choice
 * event's body (a map: `{content, tool_calls, ...}`; a scalar body is the content); the
 * operation-details event's attributes, its body's keys added. Its role comes from the event name.
 */
function contentOf(record: OtlpLogRecord): Attributes {
  const body = record.body;
  const map = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : undefined;
  if (record.eventName === OPERATION_DETAILS) return map ? { ...record.attributes, ...map } : record.attributes;
  if (map) return map;
  return body === undefined || body === null ? {} : { content: body };
}

/**
 * The model, usage, cost and request parameters an operation-details record of one span carries
 * (the conventions give the event the inference span's attributes, so that it can stand without
 * the span), read as the span's `gen_ai.*` attributes are; the latest such record's. Undefined
 * fields when there is none.
 */
export function genAiCallFacts(
  records: readonly OtlpLogRecord[],
): Pick<SpanFacts, 'model' | 'usage' | 'cost' | 'modelParameters'> {
  const details = records.findLast((r) => r.eventName === OPERATION_DETAILS);
  if (!details) return {};
  const { model, usage, cost, modelParameters } = readGenAi(new AttributeReader(details.attributes));
  return { model, usage, cost, modelParameters };
}

/**
 * The input and output the GenAI event records of one span make, by the rules of GenAI span
 * events (readSpanEvents): the system, user, assistant and tool messages in the order they were
 * sent are the input, the choices the output (one as itself, several as a list), and an
 * operation-details event's `gen_ai.input.messages` / `gen_ai.output.messages` are both.
 */
export function genAiInputOutput(records: readonly OtlpLogRecord[]): { input?: unknown; output?: unknown } {
  const events: OtlpSpanEvent[] = records.map((r) => ({
    name: r.eventName,
    timeNanos: r.timeNanos,
    attributes: contentOf(r),
  }));
  const { input, output } = readSpanEvents(events);
  return { input, output };
}
