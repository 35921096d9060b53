import * as v from 'valibot';
import { ENTITY_ID_MAX_LENGTH } from './common.ts';
import { EntityId } from './ingestion.ts';

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

/** What DELETE /api/public/traces deletes by: one of these, never both. */
const DELETE_TRACES_FIELDS = ['traceIds', 'userId'] as const;
const DELETE_BY = 'traceIds (the traces to delete) or userId (every trace of that user)';

/**
 * Why a deletion body that names its fields well still says nothing to delete by: neither field
 * (then naming the fields it gave that this endpoint does not know, such as a `filter`), or both.
 * Undefined when it names exactly one.
 */
export function deleteTracesBodyProblem(body: Readonly<Record<string, unknown>>): string | undefined {
  const given = DELETE_TRACES_FIELDS.filter((f) => body[f] !== undefined);
  if (given.length === 2) return `give traceIds or userId, not both: ${DELETE_BY}`;
  if (given.length === 1) return undefined;
  const unknown = Object.keys(body).filter((k) => !(DELETE_TRACES_FIELDS as readonly string[]).includes(k));
  if (unknown.length === 0) return `give ${DELETE_BY}`;
  const named = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` (and ${unknown.length - 5} more)` : '');
  return `unknown field${unknown.length === 1 ? '' : 's'} ${named}: this endpoint deletes by ${DELETE_BY}; give one of them`;
}

/**
 * DELETE /api/public/traces: Langfuse's `{traceIds}`, or spanhouse's `{userId}` (every trace of
 * the user stored when the deletion is accepted). Exactly one of them. Other fields are ignored
 * beside one of them, as everywhere in the API; kept in the object (loose) so that a body that
 * names neither can be told apart from one that names only fields the endpoint does not know.
 */
export const DeleteTracesBody = v.pipe(
  v.looseObject({
    traceIds: v.optional(TraceIds),
    userId: v.optional(EntityId),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = deleteTracesBodyProblem(dataset.value);
    if (message) addIssue({ message });
  }),
);
export type DeleteTracesBody = v.InferOutput<typeof DeleteTracesBody>;
