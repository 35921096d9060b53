import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { Matcher } from './ast.ts';
import { findLlmSeries, llmNamesOf } from './llm-metrics.ts';

/** Label set of a series as PromQL sees it: `__name__` is the metric name. */
export type Labels = Record<string, string>;
export type FoundSeries = { id: string; name: string; labels: Labels };

/**
 * The condition of one matcher on the series table. `__name__` is the `name` column; other labels
 * read `labels[k]`, which is '' for a missing key: PromQL's rule that an empty value means "no
 * such label" (`{k=""}` matches series without k). Regexes are anchored as Prometheus anchors
 * them (`^(?:re)$`) and run by ClickHouse's `match`, RE2 like Go's regexp.
 */
export function matcherSql(m: Matcher, p: ParamBuilder): string {
  const column = m.name === '__name__' ? 'name' : `labels[${p.add(m.name, 'String')}]`;
  switch (m.op) {
    case '=':
      return `${column} = ${p.add(m.value, 'String')}`;
    case '!=':
      return `${column} != ${p.add(m.value, 'String')}`;
    case '=~':
      return `match(${column}, ${p.add(`^(?:${m.value})$`, 'String')})`;
    case '!~':
      return `NOT match(${column}, ${p.add(`^(?:${m.value})$`, 'String')})`;
  }
}

/**
 * Every series matching all of `matchers`, with `__name__` among its labels: the stored ones and
 * the LLM metrics read from the trace tables (llm-metrics.ts).
 */
export async function findSeries(
  db: Db,
  matchers: readonly Matcher[],
  opts: { signal?: AbortSignal; limit?: number } = {},
): Promise<FoundSeries[]> {
  const p = new ParamBuilder();
  const llm = llmNamesOf(matchers);
  const fromTraces = llm.length > 0 ? await findLlmSeries(db, llm, matchers, new ParamBuilder(), opts.signal) : [];
  const where = matchers.length === 0 ? '1' : matchers.map((m) => matcherSql(m, p)).join(' AND ');
  const limit = opts.limit === undefined ? '' : ` LIMIT ${p.add(opts.limit, 'UInt32')}`;
  const stored = await queryRows(db, {
    sql: `SELECT toString(series_id) AS id, name, labels FROM ${TABLES.metricSeries} FINAL WHERE ${where}${limit}`,
    params: p.params,
    tag: 'prometheus.series',
    signal: opts.signal,
    map: (r) => {
      const name = String(r.name);
      return { id: String(r.id), name, labels: { ...stringRecord(r.labels), __name__: name } };
    },
  });
  return fromTraces.length === 0 ? stored : [...stored, ...fromTraces];
}

function stringRecord(x: unknown): Labels {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('labels: expected a map');
  const out: Labels = {};
  for (const [k, v] of Object.entries(x)) if (v !== '') out[k] = String(v);
  return out;
}

/** Prometheus' labels.Compare: label by label in name order (name, then value), shorter first. */
export function compareLabels(a: Labels, b: Labels): number {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  for (let i = 0; i < ka.length && i < kb.length; i++) {
    if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    const va = a[ka[i]!]!;
    const vb = b[kb[i]!]!;
    if (va !== vb) return va < vb ? -1 : 1;
  }
  return ka.length - kb.length;
}
