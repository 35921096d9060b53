import { type Db, ProjectParams } from '@spanhouse/db';
import type { TimeRange } from '../metric-series/points-in-range.ts';
import { promLabelNames, promLabelValues } from '../metric-series/reader.ts';
import type { Selector } from './ast.ts';
import { sortedLabels } from './engine/values.ts';
import { badData, PromApiError } from './errors.ts';
import { anyLlmPointIn, LLM_METRICS } from './llm-metrics.ts';
import { notASelectorError } from './metric-selector.ts';
import { parsePromQL } from './parse.ts';
import { matchesEmpty } from './regex.ts';
import { compareLabels, findSeriesOfAny, type Labels } from './series-lookup.ts';
import { compareStrings } from './string-order.ts';

/**
 * `match[]` selectors of the metadata endpoints: each must be an instant vector selector, and
 * each must have a matcher that does not match the empty string, as Prometheus'
 * parseMatchersParam checks them once all are read. Refusals are Prometheus' bare
 * `1:3: parse error: ...` (its labels and label values endpoints answer them so; /series says
 * `invalid parameter "match[]": ` first: `paramPrefix`).
 */
export function parseMatches(matches: string[], paramPrefix = false): Selector[] {
  const refusal = (err: PromApiError) => (paramPrefix ? badData(`invalid parameter "match[]": ${err.message}`) : err);
  const selectors = matches.map((m) => {
    // What follows the selector first, as Prometheus' parser meets it before it reads the rest.
    const more = notASelectorError(m);
    if (more) throw refusal(more);
    let e: ReturnType<typeof parsePromQL>;
    try {
      e = parsePromQL(m, { emptySelectors: true });
    } catch (err) {
      throw err instanceof PromApiError ? refusal(err) : err;
    }
    if (e.kind !== 'selector') throw refusal(badData(`${m} is not a vector selector`));
    return e;
  });
  if (selectors.some((s) => s.matchers.every(matchesEmpty))) {
    throw refusal(badData('match[] must contain at least one non-empty matcher'));
  }
  return selectors;
}

/** The label sets of the series matching any selector, sorted as Prometheus sorts them. */
export async function seriesOf(
  db: Db,
  project: string,
  selectors: Selector[],
  range: TimeRange | undefined,
  signal?: AbortSignal,
): Promise<Labels[]> {
  const byId = new Map<string, Labels>();
  const found = await findSeriesOfAny(
    db,
    project,
    selectors.map((s) => s.matchers),
    { signal, range },
  );
  for (const f of found) byId.set(f.id, f.labels);
  // Each set's names in order, __name__ first, as Prometheus writes them.
  return [...byId.values()].sort(compareLabels).map(sortedLabels);
}

/**
 * Label names: of every series, or of the series matching the selectors; `__name__` included.
 * With `range`, of the series with a point in it only (none: no names, `__name__` neither).
 */
export async function labelNames(
  db: Db,
  project: string,
  selectors: Selector[],
  range: TimeRange | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  if (selectors.length > 0) {
    const names = new Set<string>();
    for (const l of await seriesOf(db, project, selectors, range, signal)) for (const k of Object.keys(l)) names.add(k);
    return [...names].sort(compareStrings);
  }
  const keys = await promLabelNames(db, project, range, signal);
  if (range && keys.length === 0 && (await promLabelValues(db, project, '__name__', range, signal)).length === 0)
    return [];
  return [...new Set(['__name__', ...keys])].sort(compareStrings);
}

/**
 * Values of one label (`__name__`: the metric names), of every series or of the matching ones;
 * with `range`, of the series with a point in it only.
 */
export async function labelValues(
  db: Db,
  project: string,
  name: string,
  selectors: Selector[],
  range: TimeRange | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  if (selectors.length > 0) {
    const values = new Set<string>();
    for (const l of await seriesOf(db, project, selectors, range, signal))
      if (l[name] !== undefined) values.add(l[name]!);
    return [...values].sort(compareStrings);
  }
  const values = await promLabelValues(db, project, name, range, signal);
  if (name !== '__name__') return values;
  // The LLM metrics read from the trace tables are there to pick in a metric browser: always
  // without a range, with one when a generation starts in it (their points).
  const llm = !range || (await anyLlmPointIn(db, range, new ProjectParams(project), signal));
  return llm ? [...new Set([...values, ...Object.keys(LLM_METRICS)])].sort(compareStrings) : values;
}
