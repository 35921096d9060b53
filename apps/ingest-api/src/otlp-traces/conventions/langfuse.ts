import { isoToMicros } from '@spanhouse/schema';
import { normalizeEnvironment } from '../../environment.ts';
import { type AttributeReader, isEmpty, setData } from '../attr-reader.ts';
import { costFromDetails, jsonObject, parseJsonish, parseTags, usageFromDetails } from '../parse.ts';
import { observationLevel, observationType, type SpanFacts, type TraceFacts } from './facts.ts';

// Whole keys rather than `${prefix}name` built per span: this runs for every span the Langfuse SDK
// sends, and a key built at run time is a new string to hash on every lookup.
const K = {
  type: 'langfuse.observation.type',
  input: 'langfuse.observation.input',
  output: 'langfuse.observation.output',
  metadata: 'langfuse.observation.metadata',
  metadataDot: 'langfuse.observation.metadata.',
  level: 'langfuse.observation.level',
  statusMessage: 'langfuse.observation.status_message',
  modelParameters: 'langfuse.observation.model.parameters',
  completionStartTime: 'langfuse.observation.completion_start_time',
  promptName: 'langfuse.observation.prompt.name',
  promptVersion: 'langfuse.observation.prompt.version',
  model: 'langfuse.observation.model.name',
  generationModel: 'langfuse.generation.model',
  usage: 'langfuse.observation.usage_details',
  cost: 'langfuse.observation.cost_details',
  environment: 'langfuse.environment',
  asRoot: 'langfuse.internal.as_root',
  traceName: 'langfuse.trace.name',
  traceInput: 'langfuse.trace.input',
  traceOutput: 'langfuse.trace.output',
  traceMetadata: 'langfuse.trace.metadata',
  traceMetadataDot: 'langfuse.trace.metadata.',
  tracePublic: 'langfuse.trace.public',
  tags: 'langfuse.trace.tags',
  userId: 'user.id',
  langfuseUserId: 'langfuse.user.id',
  sessionId: 'session.id',
  langfuseSessionId: 'langfuse.session.id',
  release: 'langfuse.release',
  version: 'langfuse.version',
} as const;

/**
 * `<prefix>metadata` (a JSON object) merged with the flattened `<prefix>metadata.<key>`
 * attributes, as a new object; undefined when the span carries neither.
 */
function metadataOf(r: AttributeReader, key: string, keyDot: string): Record<string, unknown> | undefined {
  const sent = r.take(key);
  const flat = r.prefixed(keyDot);
  if (sent === undefined && flat === undefined) return undefined;
  const whole = jsonObject(sent);
  // The SDK sends non-object metadata (a list, a number) as JSON too; it is kept under `metadata`.
  const out: Record<string, unknown> = whole
    ? { ...whole }
    : sent === undefined
      ? {}
      : { metadata: parseJsonish(sent) };
  if (flat) for (const name in flat) setData(out, name, parseJsonish(flat[name]));
  return isEmpty(out) ? undefined : out;
}

export type LangfuseFacts = SpanFacts & { asRoot: boolean };

/**
 * The Langfuse SDK's attributes (docs/api.md, OTLP; what @langfuse/tracing
 * really sends: lower-case types, `model.name`, usage/cost details as JSON text, trace fields
 * propagated to every span). Also `user.id` and `session.id`, the common names for the trace's
 * user and session. `asRoot` is Langfuse's flag for a span that stands for its trace.
 * Fields a span does not set are left undefined.
 */
export function readLangfuse(r: AttributeReader): LangfuseFacts {
  const metadata = metadataOf(r, K.metadata, K.metadataDot);
  const completionStart = parseJsonish(r.string(K.completionStartTime));
  const completionStartUs = typeof completionStart === 'string' ? isoToMicros(completionStart) : null;
  // Parameters that are not a JSON object (or too deep to parse) are kept as sent.
  const sentParameters = r.take(K.modelParameters);
  const promptVersion = r.number(K.promptVersion);

  r.take(K.tracePublic); // no such notion here; consumed so it does not clutter metadata
  const input = r.take(K.input);
  const output = r.take(K.output);
  const traceInput = r.take(K.traceInput);
  const traceOutput = r.take(K.traceOutput);
  const asRoot = r.take(K.asRoot);
  const sentEnvironment = r.string(K.environment);
  const environment = sentEnvironment === undefined ? undefined : normalizeEnvironment(sentEnvironment);
  const trace: TraceFacts = {
    name: r.string(K.traceName),
    userId: r.firstString(K.userId, K.langfuseUserId),
    sessionId: r.firstString(K.sessionId, K.langfuseSessionId),
    release: r.string(K.release),
    version: r.string(K.version),
    environment,
    tags: parseTags(r.take(K.tags)),
    metadata: metadataOf(r, K.traceMetadata, K.traceMetadataDot),
    input: traceInput === undefined ? undefined : parseJsonish(traceInput),
    output: traceOutput === undefined ? undefined : parseJsonish(traceOutput),
  };
  return {
    type: observationType(r.string(K.type)),
    model: r.firstString(K.model, K.generationModel),
    input: input === undefined ? undefined : parseJsonish(input),
    output: output === undefined ? undefined : parseJsonish(output),
    usage: usageFromDetails(jsonObject(r.take(K.usage))),
    cost: costFromDetails(jsonObject(r.take(K.cost))),
    metadata,
    level: observationLevel(r.string(K.level)),
    statusMessage: r.string(K.statusMessage),
    modelParameters: sentParameters === undefined ? undefined : (jsonObject(sentParameters) ?? sentParameters),
    completionStartUs: completionStartUs ?? undefined,
    promptName: r.string(K.promptName),
    promptVersion: promptVersion !== undefined && Number.isInteger(promptVersion) ? promptVersion : undefined,
    environment,
    asRoot: asRoot === true || asRoot === 'true',
    trace,
  };
}
