import * as v from 'valibot';
import { ENTITY_ID_MAX_LENGTH, EntityId } from './ingestion.ts';

/** The most trace ids one DELETE /api/public/traces names. */
export const MAX_DELETED_TRACES = 100_000;

/**
 * The ids of a deletion: strings of EntityId's bounds, checked in one pass over the array rather
 * than by EntityId's pipeline per item, which a request of 10,000 ids pays 10,000 times (10 ms in
 * a fresh process against 4). The first id out of bounds is named by its index.
 */
const TraceIds = v.pipe(
  v.array(v.string('must be a string'), 'must be an array of trace ids'),
  // The per-id bounds are a check the OpenAPI document cannot show: said here instead.
  v.description(`trace ids, each of 1 to ${ENTITY_ID_MAX_LENGTH} characters`),
  v.minLength(1, 'must name at least one trace'),
  v.maxLength(MAX_DELETED_TRACES, `must name at most ${MAX_DELETED_TRACES} traces`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const ids = dataset.value;
    const at = ids.findIndex((id) => id.length === 0 || id.length > ENTITY_ID_MAX_LENGTH);
    if (at < 0) return;
    addIssue({
      message: ids[at]!.length === 0 ? 'must not be empty' : `must be at most ${ENTITY_ID_MAX_LENGTH} characters`,
      path: [{ type: 'array', origin: 'value', input: ids, key: at, value: ids[at] }],
    });
  }),
);

/**
 * DELETE /api/public/traces: Langfuse's `{traceIds}`, or spanhouse's `{userId}` (every trace of
 * the user stored when the deletion is accepted). Exactly one of them.
 */
export const DeleteTracesBody = v.pipe(
  v.object({
    traceIds: v.optional(TraceIds),
    userId: v.optional(EntityId),
  }),
  v.check(
    (b) => (b.traceIds === undefined) !== (b.userId === undefined),
    'give either traceIds (the traces to delete) or userId (every trace of that user), not both',
  ),
);
export type DeleteTracesBody = v.InferOutput<typeof DeleteTracesBody>;
