import { type GenTrace, spanUuid } from './traces.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A generated trace as the legacy Langfuse SDK sends it to POST /api/public/ingestion: a
 * trace-create, a create per observation (start, input, model) and an update per span or
 * generation when it ends (end time, output, usage), each an event with its own time. Observation
 * ids are `${traceId}-<span id>`, so a body made for one trace id is made for any by replacing it.
 */
export function toIngestionEvents(g: GenTrace, traceId: string): object[] {
  let n = 0;
  const event = (type: string, timestampMs: number, body: object) => ({
    id: `${traceId}-e${n++}`,
    type,
    timestamp: iso(timestampMs),
    body,
  });
  const obsId = (spanId: string) => `${traceId}-${spanUuid(spanId).slice(-12)}`;
  const events: object[] = [
    event('trace-create', g.timestampMs, {
      id: traceId,
      timestamp: iso(g.timestampMs),
      name: g.name,
      userId: g.userId,
      sessionId: g.sessionId,
      release: g.release,
      version: g.version,
      environment: g.environment,
      tags: g.tags,
      metadata: g.metadata,
      input: g.input,
    }),
  ];
  for (const s of g.spans) {
    const generation = s.type === 'GENERATION' || s.type === 'EMBEDDING';
    const type = generation ? 'generation' : s.type === 'SPAN' ? 'span' : `${s.type.toLowerCase()}`;
    events.push(
      event(`${type}-create`, s.startMs, {
        id: obsId(s.spanId),
        traceId,
        name: s.name,
        startTime: iso(s.startMs),
        parentObservationId: s.parentSpanId ? obsId(s.parentSpanId) : undefined,
        input: s.input,
        metadata: s.metadata,
        ...(s.model ? { model: s.model } : {}),
      }),
    );
    if (type === 'span' || type === 'generation') {
      events.push(
        event(`${type}-update`, s.endMs, {
          id: obsId(s.spanId),
          traceId,
          endTime: iso(s.endMs),
          output: s.output,
          ...(s.usage ? { usage: { input: s.usage.input, output: s.usage.output, total: s.usage.total } } : {}),
        }),
      );
    } else {
      // Other types have no update event in the SDK: their end comes with the create.
      Object.assign((events[events.length - 1] as { body: object }).body, { endTime: iso(s.endMs), output: s.output });
    }
  }
  events.push(event('trace-create', g.timestampMs + 1, { id: traceId, output: g.output }));
  return events;
}
