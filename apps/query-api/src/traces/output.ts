import type { TraceFields, TraceOwnFields } from '@spanhouse/store';
import { roundCostSum } from '../cost-sum.ts';

/**
 * A trace's path in Langfuse's UI, which Langfuse's answers carry as `htmlPath`: the same in every
 * answer that shows a trace (list, single trace, a session's traces). The service redirects it to
 * its web UI's page of the trace (routes/web-ui.ts). Ids are encoded as path segments.
 */
export const traceHtmlPath = (project: string, id: string) =>
  `/project/${encodeURIComponent(project)}/traces/${encodeURIComponent(id)}`;

/**
 * The fields a trace has in every answer (list, single trace, a session's traces), in their order.
 * Langfuse's `public` and `bookmarked` are always false and `externalId` always null: no trace is
 * shared publicly and there are no bookmarks here, and Langfuse itself answers no external id.
 * `public` is required by Langfuse's API definition: the Python SDK's models refuse a trace
 * without it.
 */
export function traceOutput(t: TraceOwnFields & Pick<TraceFields, 'latency' | 'totalCost'>, project: string) {
  return {
    id: t.id,
    projectId: project,
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
    totalCost: roundCostSum(t.totalCost),
    public: false,
    bookmarked: false,
    externalId: null,
    htmlPath: traceHtmlPath(project, t.id),
  };
}
