import type { BatchRequest } from '@spanhouse/schema';
import { type GenTrace, hexToUuid, spanUuid } from './traces.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A generated trace as the body of POST /v1/l/batch, with the ids an OTLP export of
 * the same trace would get, so every ingest path stores the same rows.
 */
export function toBatchBody(g: GenTrace): BatchRequest {
  const id = hexToUuid(g.traceId);
  return {
    trace: {
      id,
      timestamp: iso(g.timestampMs),
      name: g.name,
      userId: g.userId,
      session_id: g.sessionId,
      release: g.release,
      version: g.version,
      environment: g.environment,
      tags: g.tags,
      metadata: g.metadata,
      input: g.input,
      output: g.output,
    },
    observations: g.spans.map((s) => ({
      id: spanUuid(s.spanId),
      traceId: id,
      type: s.type,
      name: s.name,
      startTime: iso(s.startMs),
      endTime: iso(s.endMs),
      model: s.model,
      input: s.input,
      output: s.output,
      promptTokens: s.usage?.input,
      completionTokens: s.usage?.output,
      totalTokens: s.usage?.total,
      parentObservationId: s.parentSpanId ? spanUuid(s.parentSpanId) : null,
      metadata: s.metadata,
    })),
  };
}
