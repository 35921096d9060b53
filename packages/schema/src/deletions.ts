import * as v from 'valibot';
import { EntityId } from './ingestion.ts';

/** The most trace ids one DELETE /api/public/traces names. */
export const MAX_DELETED_TRACES = 100_000;

/**
 * DELETE /api/public/traces: Langfuse's `{traceIds}`, or spanhouse's `{userId}` (every trace of
 * the user stored when the deletion is accepted). Exactly one of them.
 */
export const DeleteTracesBody = v.pipe(
  v.object({
    traceIds: v.optional(
      v.pipe(
        v.array(EntityId, 'must be an array of trace ids'),
        v.minLength(1, 'must name at least one trace'),
        v.maxLength(MAX_DELETED_TRACES, `must name at most ${MAX_DELETED_TRACES} traces`),
      ),
    ),
    userId: v.optional(EntityId),
  }),
  v.check(
    (b) => (b.traceIds === undefined) !== (b.userId === undefined),
    'give either traceIds (the traces to delete) or userId (every trace of that user), not both',
  ),
);
export type DeleteTracesBody = v.InferOutput<typeof DeleteTracesBody>;
