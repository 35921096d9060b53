import { useCallback } from 'preact/hooks';
import { useLocation } from 'preact-iso';

/**
 * The project a page shows is part of its URL (`?project=<id>`), so a bookmarked or shared link
 * opens the same project's data in any tab. Every link and navigation inside the app carries it.
 */
export const PROJECT_PARAM = 'project';

/** `href` (a path with or without a query) naming `projectId`, first among its parameters. */
export function withProject(href: string, projectId: string | undefined): string {
  if (!projectId) return href;
  const u = new URL(href, 'http://app.invalid');
  const params = new URLSearchParams([[PROJECT_PARAM, projectId]]);
  for (const [k, v] of u.searchParams) if (k !== PROJECT_PARAM) params.append(k, v);
  return `${u.pathname}?${params}${u.hash}`;
}

/**
 * Where a project switch leads from `path`: a page of one trace or one session would show the
 * other project's record of the same id, a different thing, so it goes to that project's list;
 * a list or another page stays, with its filters but from its first page.
 */
export function projectSwitchUrl(path: string, query: Record<string, string | undefined>, projectId: string): string {
  const detail = /^\/(traces|sessions)\/./.exec(path);
  if (detail) return withProject(`/${detail[1]}`, projectId);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && k !== 'page' && k !== PROJECT_PARAM) params.append(k, v);
  }
  const qs = params.toString();
  return withProject(`${path}${qs ? `?${qs}` : ''}`, projectId);
}

/**
 * Links of the current page's project: `href('/traces')` is `/traces?project=<id>`. It reads the
 * project from the URL, which the shell always makes name one once the projects are read.
 */
export function useProjectHref(): (href: string) => string {
  const project = useLocation()?.query?.[PROJECT_PARAM];
  return useCallback((href: string) => withProject(href, project), [project]);
}

/** The trace list last shown, with its filters, order and page (see useTraceListHref). */
let lastTraceList: string | null = null;

/** The trace list page records its URL as the user filters and pages it. */
export function rememberTraceList(url: string): void {
  lastTraceList = url;
}

/**
 * Where "back to the traces" leads from a trace's page (its crumb, after a deletion): the trace
 * list the user came from, with its filters and page, when it shows the same project; else the
 * project's whole list.
 */
export function useTraceListHref(): string {
  const project = useLocation()?.query?.[PROJECT_PARAM];
  if (lastTraceList && new URL(lastTraceList, 'http://app.invalid').searchParams.get(PROJECT_PARAM) === project) {
    return lastTraceList;
  }
  return withProject('/traces', project);
}
