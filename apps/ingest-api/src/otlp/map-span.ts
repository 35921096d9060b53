import type { ObservationRecord } from '../traces/model.ts';
import { AttributeReader } from './attr-reader.ts';
import { compact, type SpanFacts, TRACE_SCALARS, type TraceFacts } from './conventions/facts.ts';
import { readGenAi } from './conventions/gen-ai.ts';
import { readLangfuse } from './conventions/langfuse.ts';
import { readOpenInference } from './conventions/openinference.ts';
import { resourceTraceFacts } from './conventions/resource.ts';
import { readVercelAi } from './conventions/vercel-ai.ts';
import { spanIdToUuid, traceIdToUuid } from './ids.ts';
import type { OtlpSpan } from './spans.ts';
import { spanTimes } from './times.ts';

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

const first = <K extends keyof SpanFacts>(facts: SpanFacts[], key: K): SpanFacts[K] => {
  for (const f of facts) if (f[key] !== undefined) return f[key];
  return undefined;
};

/** Trace facts by precedence: for each scalar the first that has it; tags unioned; metadata merged. */
function mergeTraceFacts(list: (TraceFacts | undefined)[]): TraceFacts {
  const out: TraceFacts = {};
  const tags = new Set<string>();
  let metadata: Record<string, unknown> | undefined;
  for (const facts of list) {
    if (!facts) continue;
    for (const key of TRACE_SCALARS) {
      if (out[key] === undefined && facts[key] !== undefined) (out as Record<string, unknown>)[key] = facts[key];
    }
    for (const tag of facts.tags ?? []) tags.add(tag);
    if (facts.metadata) metadata = { ...facts.metadata, ...metadata };
  }
  if (tags.size > 0) out.tags = [...tags];
  if (metadata) out.metadata = metadata;
  return out;
}

/**
 * One span to an observation plus the trace fields it carries. Conventions are read in order of
 * precedence: Langfuse, then GenAI, then Vercel AI, then OpenInference; the first that says
 * something about a field decides it. The type: an explicit Langfuse type other than SPAN, else
 * what a convention's span kind or operation says, else GENERATION when a model is known, else
 * SPAN. Unconsumed span attributes, the resource attributes and the scope go to metadata.
 */
export function mapSpan(span: UsableSpan, nowUs: number): MappedSpan {
  const r = new AttributeReader(span.attributes);
  // Each convention reads only spans that carry its namespaces: most spans carry one or none.
  const langfuse = r.has('langfuse', 'user', 'session') ? readLangfuse(r) : { asRoot: false };
  const genAi = r.has('gen_ai') ? readGenAi(r) : NOTHING;
  const vercel = r.has('ai') ? readVercelAi(r, span.name) : NOTHING;
  const openInference = r.has('openinference', 'llm', 'input', 'output', 'tag', 'metadata')
    ? readOpenInference(r)
    : NOTHING;
  const facts = [langfuse, genAi, vercel, openInference];

  const model = first(facts, 'model');
  const explicit = langfuse.type !== 'SPAN' ? langfuse.type : undefined;
  const type =
    explicit ??
    openInference.type ??
    genAi.type ??
    vercel.type ??
    (model ? 'GENERATION' : undefined) ??
    langfuse.type ??
    'SPAN';

  const named = { ...openInference.metadata, ...genAi.metadata, ...vercel.metadata, ...langfuse.metadata };
  if (span.statusCode === 2) {
    named.level ??= 'ERROR';
    if (span.statusMessage) named.statusMessage ??= span.statusMessage;
  }
  const rest = r.rest();
  const metadata: Record<string, unknown> = named;
  if (Object.keys(rest).length > 0) metadata.attributes = rest;
  if (Object.keys(span.resource).length > 0) metadata.resourceAttributes = span.resource;
  if (span.scope.name) metadata.scope = compact({ name: span.scope.name, version: span.scope.version || undefined });

  const trace = mergeTraceFacts([
    langfuse.trace,
    genAi.trace,
    vercel.trace,
    openInference.trace,
    resourceTraceFacts(span.resource),
  ]);
  const { startUs, endUs } = spanTimes(span.startNanos ?? 0n, span.endNanos ?? 0n, nowUs);
  const observation: ObservationRecord = compact({
    id: spanIdToUuid(span.spanId),
    traceId: traceIdToUuid(span.traceId),
    type,
    name: span.name || undefined,
    startUs,
    endUs,
    parentId: span.parentSpanId ? spanIdToUuid(span.parentSpanId) : null,
    model,
    environment: langfuse.environment ?? trace.environment,
    input: first(facts, 'input'),
    output: first(facts, 'output'),
    metadata,
    usage: first(facts, 'usage'),
    cost: first(facts, 'cost'),
  });
  return { observation, trace, isRoot: span.parentSpanId === '' || langfuse.asRoot };
}
