import { randomUUID } from 'node:crypto';

type Obs = Record<string, unknown>;

/** A batch body (POST /v1/l/batch) with sensible defaults; override any trace field or the observations. */
export function makeBatch(trace: Record<string, unknown> = {}, observations?: Obs[]) {
  const id = (trace.id as string) ?? randomUUID();
  return {
    trace: { id, timestamp: '2026-03-01T10:00:00.000Z', name: 'chat', ...trace },
    observations: observations ?? [
      {
        id: `${id}-root`,
        type: 'SPAN',
        name: 'root',
        startTime: '2026-03-01T10:00:00.000Z',
        endTime: '2026-03-01T10:00:02.000Z',
      },
      {
        id: `${id}-gen`,
        type: 'GENERATION',
        name: 'llm',
        model: 'gpt-4o-mini',
        startTime: '2026-03-01T10:00:00.500Z',
        endTime: '2026-03-01T10:00:01.500Z',
        promptTokens: 100,
        completionTokens: 50,
        parentObservationId: `${id}-root`,
      },
    ],
  };
}
