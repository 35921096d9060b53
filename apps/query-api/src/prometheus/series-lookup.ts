import { type Db, ProjectParams } from '@spanhouse/db';
import type { Labels } from '../metric-series/labels.ts';
import type { TimeRange } from '../metric-series/points-in-range.ts';
import { type PromSeries, seriesByAnyMatchers, seriesByMatchers } from '../metric-series/reader.ts';
import type { Matcher } from './ast.ts';
import { findLlmSeries, llmNamesOf } from './llm-metrics.ts';
import { compareStrings } from './string-order.ts';

/** Label set of a series as PromQL sees it (no label with an empty value); `__name__` is the metric name. */
export type { Labels };
export type FoundSeries = PromSeries;

/**
 * Every series of a project matching all of `matchers`, with `__name__` among its labels: the
 * stored ones and the LLM metrics read from the project's traces (llm-metrics.ts). For a read of
 * their points: a stored series whose every point is deleted is among them (SeriesLookup's
 * `evaluation`), and its points read finds none.
 */
export async function findSeries(
  db: Db,
  project: string,
  matchers: readonly Matcher[],
  opts: { signal?: AbortSignal; limit?: number } = {},
): Promise<FoundSeries[]> {
  const llm = llmNamesOf(matchers);
  const fromTraces =
    llm.length > 0 ? await findLlmSeries(db, llm, matchers, new ProjectParams(project), opts.signal) : [];
  const stored = await seriesByMatchers(db, project, matchers, { ...opts, evaluation: true });
  return fromTraces.length === 0 ? stored : [...stored, ...fromTraces];
}

/**
 * The series matching any of `selectors` (each a list of matchers), with `range` those with a
 * point in it; the stored ones each once, read by a bounded number of queries
 * (seriesByAnyMatchers), not one per selector.
 */
export async function findSeriesOfAny(
  db: Db,
  project: string,
  selectors: readonly (readonly Matcher[])[],
  opts: { signal?: AbortSignal; range?: TimeRange } = {},
): Promise<FoundSeries[]> {
  const found = await seriesByAnyMatchers(db, project, selectors, opts);
  for (const matchers of selectors) {
    const llm = llmNamesOf(matchers);
    if (llm.length > 0)
      found.push(...(await findLlmSeries(db, llm, matchers, new ProjectParams(project), opts.signal, opts.range)));
  }
  return found;
}

/** Prometheus' labels.Compare: label by label in name order (name, then value, in byte order), shorter first. */
export function compareLabels(a: Labels, b: Labels): number {
  const ka = Object.keys(a).sort(compareStrings);
  const kb = Object.keys(b).sort(compareStrings);
  for (let i = 0; i < ka.length && i < kb.length; i++) {
    if (ka[i] !== kb[i]) return compareStrings(ka[i]!, kb[i]!);
    const va = a[ka[i]!]!;
    const vb = b[kb[i]!]!;
    if (va !== vb) return compareStrings(va, vb);
  }
  return ka.length - kb.length;
}
