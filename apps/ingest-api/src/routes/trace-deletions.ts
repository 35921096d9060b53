import { ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { bodyText, type Endpoint, parseJsonObject, projectOf, readBody, validate } from '@spanhouse/http';
import { allIdForms, DeleteTracesBody, EntityId, MessageResponse, traceIdForms } from '@spanhouse/schema';
import { encodeTraceDeletions, type TableRows, traceIdsOfUserSql } from '@spanhouse/store';
import { type Context, Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { answeringForTheLog, storeRows } from './log-refusals.ts';

export const TRACE_DELETION_ENDPOINTS: Endpoint[] = [
  {
    method: 'delete',
    path: '/api/public/traces/:traceId',
    summary:
      'Delete a trace with its observations and scores (a tombstone); answered once durable, gone from every read within the flush interval (Spanhouse-Wait: commit: at the answer)',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    params: { traceId: EntityId },
    responses: { 200: { description: 'The tombstone is durable', json: MessageResponse } },
  },
  {
    method: 'delete',
    path: '/api/public/traces',
    summary:
      'Delete traces: {traceIds} (Langfuse) or {userId} (every trace of the user stored so far); answered once durable',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    body: { json: DeleteTracesBody },
    responses: { 200: { description: 'The tombstones are durable', json: MessageResponse } },
  },
];

/**
 * DELETE /api/public/traces/:traceId and DELETE /api/public/traces (docs/data-lifecycle.md): each
 * deleted trace gets a tombstone, stored through the ingest log like any write (200 once durable;
 * readable within the flush interval, or at the answer with Spanhouse-Wait: commit). A trace id
 * that names nothing is deleted all the same (Langfuse answers 200 too): its tombstone costs a row
 * and hides nothing written before it. The rows written after the deletion are kept. An id is
 * deleted in both its OTLP forms (traceIdForms), as the reads find it by either.
 */
export function traceDeletionRoutes(deps: IngestDeps) {
  return new Hono()
    .delete('/api/public/traces/:traceId', async (c) => {
      const id = validate(EntityId, c.req.param('traceId'), 'traceId');
      await storeRows(c, deps, encodeTraceDeletions(projectOf(c), traceIdForms(id)));
      return c.json({ message: 'Trace deleted successfully' });
    })
    .delete('/api/public/traces', async (c) => {
      const { rows, count, byUser } = await tombstonesOfBody(c, deps);
      if (count > 0) await storeRows(c, deps, rows);
      // Langfuse's words for a list of ids; the by-user form is ours and says how many it found.
      if (!byUser) return c.json({ message: 'Traces deleted successfully' });
      return c.json({ message: `${count} trace${count === 1 ? '' : 's'} deleted successfully` });
    });
}

/**
 * The tombstones a DELETE /api/public/traces body asks for, and how many traces they delete. Its
 * own function so that the body's text, its parse and the ids (megabytes for 10,000 ids) are
 * garbage once it returns, before the answer waits for the log: kept across that wait, they would
 * outlive a young-generation collection and be copied into the old one.
 */
async function tombstonesOfBody(
  c: Context,
  deps: IngestDeps,
): Promise<{ rows: TableRows; count: number; byUser: boolean }> {
  const body = validate(DeleteTracesBody, parseJsonObject(bodyText(await readBody(c, deps.config.limits))));
  const project = projectOf(c);
  if (body.traceIds) {
    // Both OTLP forms of each id, as the reads match them; the count is of the traces asked for.
    const count = new Set(body.traceIds).size;
    return { rows: encodeTraceDeletions(project, allIdForms(body.traceIds, traceIdForms)), count, byUser: false };
  }
  const ids = await tracesOfUser(deps, project, body.userId!);
  return { rows: encodeTraceDeletions(project, ids), count: new Set(ids).size, byUser: true };
}

/**
 * Every trace of a user stored so far, this process's acknowledged writes included (waited for:
 * a trace acknowledged before the deletion must be deleted with the others).
 */
async function tracesOfUser(deps: IngestDeps, project: string, userId: string): Promise<string[]> {
  await answeringForTheLog(() => deps.ingestor.waitCommitted({ lsn: deps.log.lastLsn, tables: [TABLES.traces] }));
  const p = new ProjectParams(project);
  return queryRows(deps.db, {
    sql: traceIdsOfUserSql(p, userId),
    params: p.params,
    tag: 'traces.delete-by-user',
    map: (r) => String(r.id),
  });
}
