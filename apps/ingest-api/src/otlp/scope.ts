import { type Attributes, type KeyValueLike, keyValues } from './values.ts';

/** An InstrumentationScope as the decoders and a checked OTLP/JSON body give it; everything optional. */
export type ScopeLike = { name?: string | null; version?: string | null; attributes?: KeyValueLike[] | null } | null;

/** The instrumentation scope of a span or log record: name and version ('' when absent) and attributes. */
export type OtlpScope = { name: string; version: string; attributes: Attributes };

/** A scope as the mapping reads it, made once for every span or record of its ScopeSpans/ScopeLogs. */
export function scopeOf(scope: ScopeLike | undefined): OtlpScope {
  return { name: scope?.name ?? '', version: scope?.version ?? '', attributes: keyValues(scope?.attributes) };
}

/**
 * A scope as an observation's `metadata.scope`: `{name, version, attributes}`, each only when the
 * sender set it (as Langfuse keeps it); undefined for a scope that says nothing.
 */
export function scopeMetadata(scope: OtlpScope): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (scope.name) out.name = scope.name;
  if (scope.version) out.version = scope.version;
  if (Object.keys(scope.attributes).length > 0) out.attributes = scope.attributes;
  return Object.keys(out).length > 0 ? out : undefined;
}
