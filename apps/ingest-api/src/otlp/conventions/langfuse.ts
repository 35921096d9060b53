import type { AttributeReader } from '../attr-reader.ts';
import { costFromDetails, jsonObject, parseJsonish, parseTags, usageFromDetails } from '../parse.ts';
import { compact, observationType, type SpanFacts } from './facts.ts';

const OBS = 'langfuse.observation.';
const TRACE = 'langfuse.trace.';

/** `<prefix>metadata` (a JSON object) merged with the flattened `<prefix>metadata.<key>` attributes. */
function metadataOf(r: AttributeReader, prefix: string): Record<string, unknown> | undefined {
  const sent = r.take(`${prefix}metadata`);
  const whole = jsonObject(sent);
  const flat = r.prefixed(`${prefix}metadata.`);
  // The SDK sends non-object metadata (a list, a number) as JSON too; it is kept under `metadata`.
  const out: Record<string, unknown> = whole
    ? { ...whole }
    : sent === undefined
      ? {}
      : { metadata: parseJsonish(sent) };
  for (const [key, value] of Object.entries(flat)) out[key] = parseJsonish(value);
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The Langfuse SDK's attributes (SPEC.md 4.9 with vendor = langfuse, and what @langfuse/tracing
 * really sends: lower-case types, `model.name`, usage/cost details as JSON text, trace fields
 * propagated to every span). Also `user.id` and `session.id`, the common names for the trace's
 * user and session. `asRoot` is Langfuse's flag for a span that stands for its trace.
 */
export function readLangfuse(r: AttributeReader): SpanFacts & { asRoot: boolean } {
  const metadata = metadataOf(r, OBS) ?? {};
  const named = compact({
    level: r.string(`${OBS}level`),
    statusMessage: r.string(`${OBS}status_message`),
    modelParameters: jsonObject(r.take(`${OBS}model.parameters`)),
    completionStartTime: parseJsonish(r.string(`${OBS}completion_start_time`)),
    promptName: r.string(`${OBS}prompt.name`),
    promptVersion: r.number(`${OBS}prompt.version`),
  });
  r.take(`${TRACE}public`); // no such notion here; consumed so it does not clutter metadata
  const input = r.take(`${OBS}input`);
  const output = r.take(`${OBS}output`);
  const traceInput = r.take(`${TRACE}input`);
  const traceOutput = r.take(`${TRACE}output`);
  const asRoot = r.take('langfuse.internal.as_root');
  const environment = r.string('langfuse.environment');
  return compact({
    type: observationType(r.string(`${OBS}type`)),
    model: r.firstString(`${OBS}model.name`, 'langfuse.generation.model'),
    input: input === undefined ? undefined : parseJsonish(input),
    output: output === undefined ? undefined : parseJsonish(output),
    usage: usageFromDetails(jsonObject(r.take(`${OBS}usage_details`))),
    cost: costFromDetails(jsonObject(r.take(`${OBS}cost_details`))),
    metadata: { ...metadata, ...named },
    environment,
    asRoot: asRoot === true || asRoot === 'true',
    trace: compact({
      name: r.string(`${TRACE}name`),
      userId: r.firstString('user.id', 'langfuse.user.id'),
      sessionId: r.firstString('session.id', 'langfuse.session.id'),
      release: r.string('langfuse.release'),
      version: r.string('langfuse.version'),
      environment,
      tags: parseTags(r.take(`${TRACE}tags`)),
      metadata: metadataOf(r, TRACE),
      input: traceInput === undefined ? undefined : parseJsonish(traceInput),
      output: traceOutput === undefined ? undefined : parseJsonish(traceOutput),
    }),
  });
}
