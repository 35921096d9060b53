import type { SpanEvent } from '../../traces/model.ts';
import { parseJsonish } from '../parse.ts';
import type { OtlpSpanEvent } from '../spans.ts';
import type { Attributes } from '../../otlp/values.ts';

/** What a span's events say about its observation; each field absent when they say nothing. */
export type EventFacts = {
  input?: unknown;
  output?: unknown;
  /** Events that are not GenAI messages, kept on the observation. */
  events?: SpanEvent[];
  /** An `exception` event's message (or type): the observation's status message, at level ERROR. */
  exception?: string;
};

/** GenAI message events (the older OpenTelemetry GenAI conventions): input messages by role. */
const MESSAGE_ROLES: Record<string, string> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};
const CHOICE = 'gen_ai.choice';
/**
 * The GenAI conventions' content events up to semconv 1.27: the prompt and the completion as one
 * attribute each, read as the `gen_ai.prompt`/`gen_ai.completion` span attributes are (JSON text).
 */
const CONTENT_EVENTS: Record<string, { attribute: string; side: 'input' | 'output' }> = {
  'gen_ai.content.prompt': { attribute: 'gen_ai.prompt', side: 'input' },
  'gen_ai.content.completion': { attribute: 'gen_ai.completion', side: 'output' },
};
/** The current conventions' event with the messages as attributes (semconv 1.37+). */
const OPERATION_DETAILS = 'gen_ai.client.inference.operation.details';

/** Whether events of this name carry GenAI messages (readSpanEvents makes them input and output). */
export function isGenAiMessageEvent(name: string): boolean {
  return Object.hasOwn(MESSAGE_ROLES, name) || name === CHOICE || name === OPERATION_DETAILS;
}

/** ISO time with microseconds of a span event; '' when absent or malformed. */
function isoOf(nanos: bigint | null): string {
  if (!nanos) return '';
  const micros = nanos / 1000n;
  const ms = Number(micros / 1000n);
  if (!Number.isFinite(ms) || ms > 8.64e15) return '';
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 19)}.${String(micros % 1_000_000n).padStart(6, '0')}Z`;
}

/**
 * `messages` with `instructions` in front as a system message, unless it has one already (as
 * Langfuse maps gen_ai.system_instructions). Anything that is not a message list stays as is.
 */
export function withSystemInstructions(messages: unknown, instructions: unknown): unknown {
  if (!Array.isArray(messages) || instructions === undefined || instructions === null) return messages;
  if (messages.some((m) => (m as { role?: unknown } | null)?.role === 'system')) return messages;
  const parsed = parseJsonish(instructions);
  const content = Array.isArray(parsed)
    ? parsed.map((p) => (p && typeof p === 'object' && 'content' in p ? String(p.content) : String(p))).join('\n')
    : typeof parsed === 'string'
      ? parsed
      : JSON.stringify(parsed);
  return [{ role: 'system', content }, ...messages];
}

/** Input and output from the current conventions' attributes (`gen_ai.input.messages`, ...). */
export function genAiMessages(attributes: Attributes): { input?: unknown; output?: unknown } {
  const sent = attributes['gen_ai.input.messages'];
  const input = sent === undefined ? undefined : parseJsonish(sent);
  const output = attributes['gen_ai.output.messages'];
  return {
    input: input === undefined ? undefined : withSystemInstructions(input, attributes['gen_ai.system_instructions']),
    output: output === undefined ? undefined : parseJsonish(output),
  };
}

/**
 * A span's events: GenAI message events become the input (one message per event, its role from
 * the event name) and `gen_ai.choice` events the output (one choice as itself, several as a list);
 * an operation-details event's `gen_ai.*.messages` attributes and the content events' prompt and
 * completion are input and output too (the first event that gives one wins). Every other
 * event is kept (name, time, attributes); an `exception` event also yields its message.
 */
export function readSpanEvents(events: readonly OtlpSpanEvent[]): EventFacts {
  if (events.length === 0) return {};
  const facts: EventFacts = {};
  const messages: Record<string, unknown>[] = [];
  const choices: Attributes[] = [];
  const kept: SpanEvent[] = [];
  for (const event of events) {
    const role = Object.hasOwn(MESSAGE_ROLES, event.name) ? MESSAGE_ROLES[event.name] : undefined;
    if (role) {
      messages.push({ role, ...event.attributes });
    } else if (event.name === CHOICE) {
      choices.push(event.attributes);
    } else if (Object.hasOwn(CONTENT_EVENTS, event.name)) {
      const { attribute, side } = CONTENT_EVENTS[event.name]!;
      const sent = event.attributes[attribute];
      if (sent !== undefined && sent !== null) facts[side] ??= parseJsonish(sent);
    } else if (event.name === OPERATION_DETAILS) {
      const io = genAiMessages(event.attributes);
      if (io.input !== undefined) facts.input ??= io.input;
      if (io.output !== undefined) facts.output ??= io.output;
    } else {
      kept.push({ name: event.name, time: isoOf(event.timeNanos), attributes: event.attributes });
      if (event.name === 'exception' && facts.exception === undefined) {
        const message = event.attributes['exception.message'] ?? event.attributes['exception.type'];
        facts.exception = typeof message === 'string' && message ? message : 'exception';
      }
    }
  }
  if (messages.length > 0) facts.input ??= messages;
  if (choices.length > 0) facts.output ??= choices.length === 1 ? choices[0] : choices;
  if (kept.length > 0) facts.events = kept;
  return facts;
}
