import type { Db } from '@spanhouse/db';
import { promLabelNames, promLabelValues } from '../metric-series/reader.ts';
import type { Selector } from './ast.ts';
import { sortedLabels } from './engine/values.ts';
import { badData } from './errors.ts';
import { LLM_METRICS } from './llm-metrics.ts';
import { parsePromQL } from './parse.ts';
import { compareLabels, findSeriesOfAny, type Labels } from './series-lookup.ts';

/** `match[]` selectors of the metadata endpoints: each must be an instant vector selector. */
export function parseMatches(matches: string[]): Selector[] {
  return matches.map((m) => {
    const e = parsePromQL(m);
    if (e.kind !== 'selector') throw badData(`invalid parameter "match[]": ${m} is not a vector selector`);
    return e;
  });
}

/** The label sets of the series matching any selector, sorted as Prometheus sorts them. */
export async function seriesOf(
  db: Db,
  project: string,
  selectors: Selector[],
  signal?: AbortSignal,
): Promise<Labels[]> {
  const byId = new Map<string, Labels>();
  const found = await findSeriesOfAny(
    db,
    project,
    selectors.map((s) => s.matchers),
    { signal },
  );
  for (const f of found) byId.set(f.id, f.labels);
  // Each set's names in order, __name__ first, as Prometheus writes them.
  return [...byId.values()].sort(compareLabels).map(sortedLabels);
}

/** Label names: of every series, or of the series matching the selectors; `__name__` included. */
export async function labelNames(
  db: Db,
  project: string,
  selectors: Selector[],
  signal?: AbortSignal,
): Promise<string[]> {
  if (selectors.length > 0) {
    const names = new Set<string>();
    for (const l of await seriesOf(db, project, selectors, signal)) for (const k of Object.keys(l)) names.add(k);
    return [...names].sort();
  }
  const keys = await promLabelNames(db, project, signal);
  return [...new Set(['__name__', ...keys])].sort();
}

/** Values of one label (`__name__`: the metric names), of every series or of the matching ones. */
export async function labelValues(
  db: Db,
  project: string,
  name: string,
  selectors: Selector[],
  signal?: AbortSignal,
): Promise<string[]> {
  if (selectors.length > 0) {
    const values = new Set<string>();
    for (const l of await seriesOf(db, project, selectors, signal)) if (l[name] !== undefined) values.add(l[name]!);
    return [...values].sort();
  }
  const values = await promLabelValues(db, project, name, signal);
  // The LLM metrics read from the trace tables are always there to pick in a metric browser.
  return name === '__name__' ? [...new Set([...values, ...Object.keys(LLM_METRICS)])].sort() : values;
}
