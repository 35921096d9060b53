import type { Db } from '@spanhouse/db';
import { promLabelNames, promLabelValues } from '../metric-series/reader.ts';
import type { Selector } from './ast.ts';
import { sortedLabels } from './engine/values.ts';
import { badData, PromApiError } from './errors.ts';
import { LLM_METRICS } from './llm-metrics.ts';
import { parsePromQL } from './parse.ts';
import { compareLabels, findSeries, type Labels } from './series-lookup.ts';
import { compareStrings } from './string-order.ts';

/**
 * `match[]` selectors of the metadata endpoints: each must be an instant vector selector. Parse
 * errors are Prometheus' bare `1:3: parse error: ...` (its labels and label values endpoints
 * answer them so; /series says `invalid parameter "match[]": ` first: `paramPrefix`).
 */
export function parseMatches(matches: string[], paramPrefix = false): Selector[] {
  return matches.map((m) => {
    let e: ReturnType<typeof parsePromQL>;
    try {
      e = parsePromQL(m);
    } catch (err) {
      if (paramPrefix && err instanceof PromApiError) throw badData(`invalid parameter "match[]": ${err.message}`);
      throw err;
    }
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
  for (const s of selectors)
    for (const f of await findSeries(db, project, s.matchers, { signal })) byId.set(f.id, f.labels);
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
    return [...names].sort(compareStrings);
  }
  const keys = await promLabelNames(db, project, signal);
  return [...new Set(['__name__', ...keys])].sort(compareStrings);
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
    return [...values].sort(compareStrings);
  }
  const values = await promLabelValues(db, project, name, signal);
  // The LLM metrics read from the trace tables are always there to pick in a metric browser.
  return name === '__name__' ? [...new Set([...values, ...Object.keys(LLM_METRICS)])].sort(compareStrings) : values;
}
