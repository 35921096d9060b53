import { badRequest } from '@spanhouse/http';
import { type BatchRequest, isoToMicros } from '@spanhouse/schema';
import { WEAK_VERSION } from '@spanhouse/store';
import type { ObservationRecord, TracePiece } from './model.ts';

const text = (s: string | null | undefined) => (s ? s : undefined);

/**
 * A validated batch body (POST /v1/l/batch) to the normalized model. Throws 400 for what the schema
 * cannot say alone: an observation of another trace, an end before its start.
 */
export function fromBatch(body: BatchRequest): { piece: TracePiece; observations: ObservationRecord[] } {
  const t = body.trace;
  const piece: TracePiece = {
    id: t.id,
    timestampUs: t.timestamp ? (isoToMicros(t.timestamp) ?? undefined) : undefined,
    name: text(t.name),
    userId: text(t.userId),
    sessionId: text(t.session_id) ?? text(t.sessionId),
    release: text(t.release),
    version: text(t.version),
    environment: text(t.environment),
    tags: t.tags ?? [],
    metadata: t.metadata ?? {},
    input: t.input,
    output: t.output,
  };
  const observations = body.observations.map((o, i): ObservationRecord => {
    if (o.traceId && o.traceId !== t.id) {
      throw badRequest(`observations.${i}.traceId: is ${o.traceId} but the batch's trace.id is ${t.id}`);
    }
    const startUs = isoToMicros(o.startTime);
    const endUs = o.endTime ? isoToMicros(o.endTime) : undefined;
    if (startUs === null || endUs === null) throw badRequest(`observations.${i}: invalid startTime or endTime`);
    if (endUs !== undefined && endUs < startUs) throw badRequest(`observations.${i}.endTime: is before startTime`);
    const usage = o.usageDetails ?? {};
    return {
      id: o.id,
      traceId: t.id,
      type: o.type ?? 'SPAN',
      // SPAN is the default of an observation that never says its type, not a type this piece
      // gives: a later piece without `type` (one that adds the end time) keeps the GENERATION an
      // earlier piece sent, as every other field left out does.
      ...(o.type === undefined ? { versions: { type: WEAK_VERSION } } : {}),
      name: text(o.name),
      startUs,
      endUs,
      parentId: o.parentObservationId ?? null,
      model: text(o.model),
      environment: text(o.environment) ?? piece.environment,
      input: o.input,
      output: o.output,
      metadata: o.metadata ?? {},
      usage: {
        ...usage,
        input: o.promptTokens ?? usage.input ?? undefined,
        output: o.completionTokens ?? usage.output ?? undefined,
        total: o.totalTokens ?? usage.total ?? undefined,
      },
      cost: o.costDetails ?? undefined,
    };
  });
  const ids = new Set<string>();
  for (const [i, o] of observations.entries()) {
    if (ids.has(o.id)) throw badRequest(`observations.${i}.id: ${o.id} appears twice in the batch`);
    ids.add(o.id);
  }
  return { piece, observations };
}
