import type { QueryDeps } from './deps.ts';

/**
 * The retention in days that applies to `project` (its own, else the instance's RETENTION_DAYS;
 * 0: forever), as this process knows it. The reads themselves take it from the server's
 * dictionary (the store's lifecycle conditions); this is for what the process keeps itself.
 */
export function retentionDaysOf(deps: Pick<QueryDeps, 'projects' | 'config'>, project: string): number {
  return deps.projects.get(project)?.retention_days || deps.config.retentionDays || 0;
}

/**
 * Whether answers of `project` may come from this process's caches of past results (the daily
 * report's days, PromQL steps). Not under a retention: a cached day or step can fall out of it
 * at any moment, and the reads' own conditions are what keep it out.
 */
export function resultCachesApply(deps: Pick<QueryDeps, 'projects' | 'config'>, project: string): boolean {
  return retentionDaysOf(deps, project) === 0;
}
