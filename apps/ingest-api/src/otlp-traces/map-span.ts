import { shareJson } from '@spanhouse/store';
import type { ObservationRecord } from '../traces/model.ts';
import { AttributeReader, isEmpty, setData } from './attr-reader.ts';
import type { SpanFacts, TraceFacts } from './conventions/facts.ts';
import { readGenAi } from './conventions/gen-ai.ts';
import { type LangfuseFacts, readLangfuse } from './conventions/langfuse.ts';
import { readOpenInference } from './conventions/openinference.ts';
import { resourceTraceFacts } from './conventions/resource.ts';
import { readSpanEvents } from './conventions/span-events.ts';
import { readFrameworkIo } from './conventions/framework-io.ts';
import { readTraceloop } from './conventions/traceloop.ts';
import { readVercelAi } from './conventions/vercel-ai.ts';
import { spanIdToUuid, traceIdToUuid } from './ids.ts';
import type { OtlpSpan, OtlpSpanLink } from './spans.ts';
import { scopeMetadata } from '../otlp/scope.ts';
import { spanTimes } from '../otlp/times.ts';
import type { Attributes } from '../otlp/values.ts';

/** A span whose ids were checked: trace and span id present, parent absent ('') or valid. */
export type UsableSpan = OtlpSpan & { traceId: string; spanId: string; parentSpanId: string };

export type MappedSpan = {
  observation: ObservationRecord;
  /** Trace fields this span carries (span attributes over resource attributes). */
  trace: TraceFacts;
  /** No parent (or Langfuse's as_root): its name names the trace when nothing else does. */
  isRoot: boolean;
};

const NOTHING: SpanFacts = Object.freeze({});
const NO_LANGFUSE: LangfuseFacts = Object.freeze({ asRoot: false });

/** The first of up to four that is not undefined (null counts: a JSON `null` input is an input). */
function pick<T>(a: T | undefined, b: T | undefined, c?: T, d?: T): T | undefined {
  return a !== undefined ? a : b !== undefined ? b : c !== undefined ? c : d;
}

/**
 * What every span of one resource (or scope) shares, worked out once: the spans of an export point
 * at the same resource and scope objects.
 */
type ResourceInfo = { trace: TraceFacts; empty: boolean };
const resourceInfo = new WeakMap<Attributes, ResourceInfo>();
function infoOf(resource: Attributes): ResourceInfo {
  let info = resourceInfo.get(resource);
  if (!info) {
    info = { trace: resourceTraceFacts(resource), empty: isEmpty(resource) };
    resourceInfo.set(resource, info);
    if (!info.empty) shareJson(resource);
  }
  return info;
}
const scopeMetadataCache = new WeakMap<OtlpSpan['scope'], Record<string, unknown> | null>();
function scopeOf(scope: OtlpSpan['scope']): Record<string, unknown> | undefined {
  let out = scopeMetadataCache.get(scope);
  if (out === undefined) {
    out = scopeMetadata(scope) ?? null;
    scopeMetadataCache.set(scope, out);
    if (out) shareJson(out);
  }
  return out ?? undefined;
}

/** Trace facts by precedence: for each scalar the first that has it; tags unioned; metadata merged. */
function mergeTraceFacts(list: (TraceFacts | undefined)[]): TraceFacts {
  const out: TraceFacts = {};
  let tags: Set<string> | undefined;
  let metadata: Record<string, unknown> | undefined;
  for (const facts of list) {
    if (!facts) continue;
    // The TRACE_SCALARS, written out: a loop over key names makes every access a slow lookup.
    if (out.name === undefined && facts.name !== undefined) out.name = facts.name;
    if (out.userId === undefined && facts.userId !== undefined) out.userId = facts.userId;
    if (out.sessionId === undefined && facts.sessionId !== undefined) out.sessionId = facts.sessionId;
    if (out.release === undefined && facts.release !== undefined) out.release = facts.release;
    if (out.version === undefined && facts.version !== undefined) out.version = facts.version;
    if (out.environment === undefined && facts.environment !== undefined) out.environment = facts.environment;
    if (out.input === undefined && facts.input !== undefined) out.input = facts.input;
    if (out.output === undefined && facts.output !== undefined) out.output = facts.output;
    if (facts.tags) {
      tags ??= new Set();
      for (const tag of facts.tags) tags.add(tag);
    }
    // An earlier (higher-precedence) source keeps its values; a later one's keys come first.
    if (facts.metadata) metadata = metadata ? { ...facts.metadata, ...metadata } : facts.metadata;
  }
  if (tags) out.tags = [...tags];
  if (metadata) out.metadata = metadata;
  return out;
}

/** A span link as the observation's metadata keeps it: `{traceId, spanId, attributes}`. */
function linkOf(link: OtlpSpanLink): { traceId: string | null; spanId: string | null; attributes: Attributes } {
  return {
    traceId: link.traceId ? traceIdToUuid(link.traceId) : null,
    spanId: link.spanId ? spanIdToUuid(link.spanId) : null,
    attributes: link.attributes,
  };
}

/**
 * One span to an observation plus the trace fields it carries. Conventions are read in order of
 * precedence: Langfuse, then GenAI, then Vercel AI, then OpenInference; the first that says
 * something about a field decides it (OpenLLMetry's entity input and output come right after
 * Langfuse's; other frameworks' input and output attributes after every convention's). The type: an explicit Langfuse type other than SPAN, else
 * what a convention's span kind or operation says, else GENERATION when a model is known, else
 * SPAN. Unconsumed span attributes, the resource attributes and the scope go to metadata.
 * Runs for every span ingested, so it allocates only what it returns.
 */
export function mapSpan(span: UsableSpan, nowUs: number): MappedSpan {
  const r = new AttributeReader(span.attributes);
  // Each convention reads only spans that carry its namespaces: most spans carry one or none.
  const langfuse = r.has('langfuse', 'user', 'session') ? readLangfuse(r) : NO_LANGFUSE;
  const genAi = r.has('gen_ai') ? readGenAi(r) : NOTHING;
  const vercel = r.has('ai') ? readVercelAi(r, span.name) : NOTHING;
  const traceloop = r.has('traceloop') ? readTraceloop(r) : NOTHING;
  const openInference = r.has('openinference', 'llm', 'input', 'output', 'tag', 'metadata')
    ? readOpenInference(r)
    : NOTHING;
  const frameworks = r.has('mlflow', 'input', 'output', 'tool_arguments', 'tool_response')
    ? readFrameworkIo(r)
    : NOTHING;

  const model = pick(langfuse.model, genAi.model, vercel.model, openInference.model);
  const explicit = langfuse.type !== 'SPAN' ? langfuse.type : undefined;
  const type =
    explicit ??
    openInference.type ??
    genAi.type ??
    vercel.type ??
    (model ? 'GENERATION' : undefined) ??
    langfuse.type ??
    'SPAN';

  // Named metadata; Langfuse's (a fresh object of its own) is used as is when it is the only one.
  const metadata: Record<string, unknown> =
    genAi.metadata || vercel.metadata || openInference.metadata || !langfuse.metadata
      ? { ...openInference.metadata, ...genAi.metadata, ...vercel.metadata, ...langfuse.metadata }
      : langfuse.metadata;
  const rest = r.rest();
  if (rest) setData(metadata, 'attributes', rest);
  const resource = infoOf(span.resource);
  if (!resource.empty) metadata.resourceAttributes = span.resource;
  const scope = scopeOf(span.scope);
  if (scope) metadata.scope = scope;
  // Span links, ids in the form the API answers ids in (UUIDs; null when absent or malformed).
  if (span.links.length > 0 && metadata.links === undefined) metadata.links = span.links.map(linkOf);

  const trace = mergeTraceFacts([langfuse.trace, genAi.trace, vercel.trace, openInference.trace, resource.trace]);
  const isRoot = span.parentSpanId === '' || langfuse.asRoot;
  const { startUs, endUs } = spanTimes(span.startNanos ?? 0n, span.endNanos ?? 0n, nowUs);
  const observation: ObservationRecord = {
    id: spanIdToUuid(span.spanId),
    traceId: traceIdToUuid(span.traceId),
    type,
    startUs,
    parentId: span.parentSpanId ? spanIdToUuid(span.parentSpanId) : null,
    metadata,
  };
  if (span.name) observation.name = span.name;
  if (endUs !== undefined) observation.endUs = endUs;
  if (model !== undefined) observation.model = model;
  const environment = langfuse.environment ?? trace.environment;
  if (environment !== undefined) observation.environment = environment;
  // The observation's version as Langfuse sets it: langfuse.version on the span, else the resource's.
  if (trace.version !== undefined) observation.version = trace.version;
  // A span's own version is its trace's only when the span stands for the trace or updates it, as
  // in Langfuse: the SDK puts an observation's `version` in langfuse.version, and a child's (a
  // prompt's version on a generation) is not the application's. Other spans give the resource's.
  if (!isRoot && !updatesTrace(trace)) trace.version = resource.trace.version;
  // Span events come last: GenAI messages there fill input and output only when no attribute does.
  const events = readSpanEvents(span.events);
  // OpenLLMetry's entity input and output come before the model conventions', as Langfuse reads them.
  const input =
    pick(pick(langfuse.input, traceloop.input, genAi.input, vercel.input), openInference.input, frameworks.input) ??
    events.input;
  if (input !== undefined) observation.input = input;
  const output =
    pick(
      pick(langfuse.output, traceloop.output, genAi.output, vercel.output),
      openInference.output,
      frameworks.output,
    ) ?? events.output;
  if (output !== undefined) observation.output = output;
  if (events.events) observation.events = events.events;
  // Level: Langfuse's attribute, else ERROR for an error status or an exception event.
  const failed = span.statusCode === 2 || events.exception !== undefined;
  const level = langfuse.level ?? (failed ? 'ERROR' : undefined);
  if (level !== undefined) observation.level = level;
  const statusMessage = langfuse.statusMessage ?? (span.statusMessage || events.exception);
  if (statusMessage) observation.statusMessage = statusMessage;
  // Langfuse's order: its own attribute, then OpenInference's invocation parameters, then gen_ai.request.*.
  const modelParameters = langfuse.modelParameters ?? openInference.modelParameters ?? genAi.modelParameters;
  if (modelParameters !== undefined) observation.modelParameters = modelParameters;
  // The completion start: Langfuse's attribute, else the start plus the time to the first chunk.
  const firstChunkUs = genAi.timeToFirstChunkUs ?? vercel.timeToFirstChunkUs;
  const completionStartUs =
    langfuse.completionStartUs ?? (firstChunkUs === undefined ? undefined : startUs + firstChunkUs);
  if (completionStartUs !== undefined) observation.completionStartUs = completionStartUs;
  if (langfuse.promptName !== undefined) {
    observation.promptName = langfuse.promptName;
    if (langfuse.promptVersion !== undefined) observation.promptVersion = langfuse.promptVersion;
  }
  const usage = pick(langfuse.usage, genAi.usage, vercel.usage, openInference.usage);
  if (usage !== undefined) observation.usage = usage;
  const cost = pick(langfuse.cost, genAi.cost, vercel.cost, openInference.cost);
  if (cost !== undefined) observation.cost = cost;
  return { observation, trace, isRoot };
}

/** Whether a span sets fields of its trace beyond the environment, release and version every span carries. */
function updatesTrace(trace: TraceFacts): boolean {
  return (
    trace.name !== undefined ||
    trace.userId !== undefined ||
    trace.sessionId !== undefined ||
    trace.input !== undefined ||
    trace.output !== undefined ||
    trace.tags !== undefined ||
    trace.metadata !== undefined
  );
}
