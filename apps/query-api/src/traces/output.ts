import type { TraceFields, TraceOwnFields } from '@spanhouse/store';

/** The fields a trace has in every answer (list, single trace, a session's traces), in their order. */
export function traceOutput(t: TraceOwnFields & Pick<TraceFields, 'latency' | 'totalCost'>) {
  return {
    id: t.id,
    timestamp: t.timestamp,
    name: t.name,
    sessionId: t.sessionId,
    userId: t.userId,
    version: t.version,
    release: t.release,
    environment: t.environment,
    tags: t.tags,
    input: t.input,
    output: t.output,
    metadata: t.metadata,
    latency: t.latency,
    totalCost: t.totalCost,
  };
}
