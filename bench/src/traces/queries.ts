import { Rng } from '../gen/prng.ts';
import type { TraceSpec } from '../gen/traces.ts';
import { alternate } from '../lib/alternate.ts';
import { getJson } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { fmt, percentile } from '../lib/stats.ts';
import type { DatasetSample } from './sample.ts';
import { SCORE_NAMES } from './sql-dataset.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const TAGS = ['rag', 'beta', 'premium', 'eval'];

type Scenario = {
  name: string;
  /** Path and query of request k (parameters vary with k so no answer is a repeat). */
  path: (k: number, rng: Rng) => string;
  /** Items in the answer, to show the query did real work. */
  items: (json: unknown) => number;
  target: { p50: number; p99: number };
};

const listItems = (j: unknown) => (j as { data: unknown[] }).data.length;
const NONE = { p50: Number.POSITIVE_INFINITY, p99: Number.POSITIVE_INFINITY };

/** Targets by scale: the list and search targets at 1 M traces, and the larger bounds at 10 M. */
function targets(spec: TraceSpec) {
  const large = spec.traces >= 5_000_000;
  return {
    list: { p50: large ? 150 : 50, p99: Number.POSITIVE_INFINITY },
    rare: { p50: large ? 300 : 50, p99: Number.POSITIVE_INFINITY },
    common: large ? NONE : { p50: 150, p99: Number.POSITIVE_INFINITY },
    pair: large ? NONE : { p50: 100, p99: Number.POSITIVE_INFINITY },
    single: { p50: 15, p99: Number.POSITIVE_INFINITY },
    scores: { p50: 100, p99: 500 },
  };
}

const pick = <T>(xs: readonly T[], rng: Rng) => xs[rng.int(0, xs.length - 1)]!;
const q = encodeURIComponent;

/** The search scenarios: a rare term, a common term and two terms, each alone and with a userId. */
function searchScenarios(sample: DatasetSample, spec: TraceSpec): Scenario[] {
  const t = targets(spec);
  const search = (name: string, target: Scenario['target'], path: Scenario['path']): Scenario => ({
    name: `search, ${name}`,
    path,
    items: listItems,
    target,
  });
  return [
    search('rare term', t.rare, (_, rng) => `/api/public/traces?search=${q(pick(sample.rare, rng).term)}`),
    search('rare term + userId', t.rare, (_, rng) => {
      const r = pick(sample.rare, rng);
      return `/api/public/traces?search=${q(r.term)}&userId=${q(r.userId)}`;
    }),
    search('common term', t.common, (k) => `/api/public/traces?search=${q(sample.common[k % sample.common.length]!)}`),
    search(
      'common term + userId',
      t.common,
      (k, rng) =>
        `/api/public/traces?search=${q(sample.common[k % sample.common.length]!)}&userId=${q(pick(sample.users, rng))}`,
    ),
    search(
      'two terms',
      t.pair,
      (k) => `/api/public/traces?search=${q(sample.pairs[k % sample.pairs.length]!.join(' '))}`,
    ),
    search(
      'two terms + userId',
      t.pair,
      (k, rng) =>
        `/api/public/traces?search=${q(sample.pairs[k % sample.pairs.length]!.join(' '))}&userId=${q(pick(sample.users, rng))}`,
    ),
  ];
}

/**
 * Langfuse's JSON `filter` (docs/langfuse.md): a text condition the indexes serve (a whole word,
 * `matches`), one that reads the text of a user's traces (a word part), and the aggregates (latency
 * on the trace row; level, from every observation of the project). No target is set for them.
 */
function filterScenarios(sample: DatasetSample): Scenario[] {
  const filter = (conditions: unknown[]) => `/api/public/traces?filter=${q(JSON.stringify(conditions))}`;
  const text = (operator: string, value: string) => ({ type: 'string', column: 'input', operator, value });
  const scenario = (name: string, path: Scenario['path']): Scenario => ({
    name: `filter, ${name}`,
    path,
    items: listItems,
    target: NONE,
  });
  return [
    scenario('input contains a whole rare word', (_, rng) =>
      filter([text('contains', ` ${pick(sample.rare, rng).term} `)]),
    ),
    scenario('input matches a rare word', (_, rng) => filter([text('matches', pick(sample.rare, rng).term)])),
    scenario('input contains a word part + userId', (k, rng) => {
      const word = sample.common[k % sample.common.length]!;
      const user = { type: 'string', column: 'userId', operator: '=', value: pick(sample.users, rng) };
      return filter([user, text('contains', word.slice(0, Math.max(2, word.length - 1)))]);
    }),
    scenario('latency > 10 s', () => filter([{ type: 'number', column: 'latency', operator: '>', value: 10 }])),
    scenario('level any of ERROR', () =>
      filter([{ type: 'stringOptions', column: 'level', operator: 'any of', value: ['ERROR'] }]),
    ),
  ];
}

/** The trace read scenarios (list filters and orders, single trace, search, daily over 30 days). */
export function traceScenarios(spec: TraceSpec, sample: DatasetSample): Scenario[] {
  const start = spec.endMs - spec.days * DAY;
  const t = targets(spec);
  const LIST = t.list;
  const user = (rng: Rng) => pick(sample.users, rng);
  const traceId = (rng: Rng) => pick(sample.traceIds, rng);
  return [
    { name: 'list, no filter (timestamp desc)', path: () => '/api/public/traces', items: listItems, target: LIST },
    {
      name: 'list, userId',
      path: (_, rng) => `/api/public/traces?userId=${user(rng)}`,
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, tags (one tag)',
      path: (k) => `/api/public/traces?tags=${TAGS[k % TAGS.length]}`,
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, tags (two tags, all-of)',
      path: (k) => `/api/public/traces?tags=${TAGS[k % TAGS.length]}&tags=web`,
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, time range (1 day)',
      path: (_, rng) => {
        const from = start + rng.int(0, spec.days - 1) * DAY;
        return `/api/public/traces?fromTimestamp=${iso(from)}&toTimestamp=${iso(from + DAY - 1)}`;
      },
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, orderBy timestamp.asc',
      path: () => '/api/public/traces?orderBy=timestamp.asc',
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, orderBy latency.desc',
      path: () => '/api/public/traces?orderBy=latency.desc',
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, orderBy totalCost.desc',
      path: () => '/api/public/traces?orderBy=totalCost.desc',
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, page 20 (timestamp desc)',
      path: () => '/api/public/traces?page=20',
      items: listItems,
      target: LIST,
    },
    {
      name: 'list, fields=scores (score ids only)',
      path: () => '/api/public/traces?fields=scores',
      items: listItems,
      target: t.scores,
    },
    {
      name: 'scores, list (v2, newest first)',
      path: () => '/api/public/v2/scores',
      items: listItems,
      target: t.scores,
    },
    {
      name: 'scores, list by name, page 3',
      path: (k) => `/api/public/v2/scores?name=${SCORE_NAMES[k % SCORE_NAMES.length]}&page=3`,
      items: listItems,
      target: t.scores,
    },
    {
      name: 'scores, list by traceId',
      path: (_, rng) => `/api/public/v2/scores?traceId=${traceId(rng)}`,
      items: listItems,
      target: t.scores,
    },
    // Observation lists (Langfuse's v1 pages with a count, v2 cursors): no target of their own.
    {
      name: 'observations, list (v1, newest first)',
      path: () => '/api/public/observations',
      items: listItems,
      target: NONE,
    },
    {
      name: 'observations, list (v1, page 5)',
      path: () => '/api/public/observations?page=5',
      items: listItems,
      target: NONE,
    },
    {
      name: 'observations, list (v1, one day)',
      path: (k) => {
        const from = start + (k % spec.days) * DAY;
        return `/api/public/observations?fromStartTime=${iso(from)}&toStartTime=${iso(from + DAY)}`;
      },
      items: listItems,
      target: NONE,
    },
    {
      name: 'observations, list (v1, type GENERATION)',
      path: () => '/api/public/observations?type=GENERATION',
      items: listItems,
      target: NONE,
    },
    {
      name: 'observations, list by traceId (v1)',
      path: (_, rng) => `/api/public/observations?traceId=${traceId(rng)}`,
      items: listItems,
      target: NONE,
    },
    {
      name: 'observations, list (v2, newest first)',
      path: () => '/api/public/v2/observations',
      items: listItems,
      target: NONE,
    },
    {
      name: 'single trace',
      path: (_, rng) => `/api/public/traces/${traceId(rng)}`,
      items: (j) => (j as { observations: unknown[] }).observations.length,
      target: t.single,
    },
    ...searchScenarios(sample, spec),
    ...filterScenarios(sample),
    // The dashboard case: the same report asked again (its days come from the per-day cache), and
    // the first ask of a report (nocache=1: every day computed, as with the cache empty).
    {
      name: `daily, ${spec.days} days, cold (nocache=1)`,
      path: () => `/api/public/metrics/daily?fromTimestamp=${iso(start)}&toTimestamp=${iso(spec.endMs)}&nocache=1`,
      items: listItems,
      target: { p50: Number.POSITIVE_INFINITY, p99: Number.POSITIVE_INFINITY },
    },
    {
      name: `daily, ${spec.days} days, warm (repeated)`,
      path: () => `/api/public/metrics/daily?fromTimestamp=${iso(start)}&toTimestamp=${iso(spec.endMs)}`,
      items: listItems,
      target: { p50: 100, p99: Number.POSITIVE_INFINITY },
    },
  ];
}

export type ScenarioResult = {
  name: string;
  p50: number;
  p99: number;
  mean: number;
  items: number;
  runs: number;
  ok: boolean;
};

/** A service the scenarios are asked of; with `project`, as the admin acting on it (Spanhouse-Project). */
export type QueryTarget = { label: string; baseUrl: string; token: string; project?: string };

/**
 * Runs every scenario `runs` times per target, one request at a time, after `warmup` untimed
 * requests per target. With several targets, request k goes to each of them in turn (the first
 * target first on even k, last on odd k), with the same parameters, so both see the same machine.
 * Returns the results of each target, in the order of `targets`.
 */
export async function runTraceQueries(
  targets: QueryTarget[],
  spec: TraceSpec,
  sample: DatasetSample,
  opts: { runs: number; warmup: number; only?: RegExp },
): Promise<ScenarioResult[][]> {
  const headersOf = (t: QueryTarget): Record<string, string> => (t.project ? { 'Spanhouse-Project': t.project } : {});
  const results: ScenarioResult[][] = targets.map(() => []);
  for (const [n, s] of traceScenarios(spec, sample).entries()) {
    if (opts.only && !opts.only.test(s.name)) continue;
    const rng = new Rng(spec.seed, 100 + n);
    const items = targets.map(() => 0);
    const ms = await alternate(targets, opts, (k, timed) => {
      const p = s.path(k, rng);
      return async (t, i) => {
        const r = await getJson(t.baseUrl + p, t.token, headersOf(t));
        if (timed) items[i]! += s.items(r.json);
        return r.ms;
      };
    });
    targets.forEach((t, i) => {
      const p50 = percentile(ms[i]!, 50);
      const p99 = percentile(ms[i]!, 99);
      const result = {
        name: s.name,
        p50,
        p99,
        mean: ms[i]!.reduce((a, b) => a + b, 0) / ms[i]!.length,
        items: items[i]! / opts.runs,
        runs: opts.runs,
        ok: p50 <= s.target.p50 && p99 <= s.target.p99,
      };
      const who = targets.length > 1 ? `[${t.label}] ` : '';
      log(`${who}${s.name}: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, ${fmt(result.items)} items`);
      results[i]!.push(result);
    });
  }
  return results;
}

const targetText = (s: Scenario) =>
  [
    Number.isFinite(s.target.p50) ? `p50 ≤ ${s.target.p50}` : '',
    Number.isFinite(s.target.p99) ? `p99 ≤ ${s.target.p99}` : '',
  ]
    .filter(Boolean)
    .join(', ') || '-';

export function traceQueryTable(spec: TraceSpec, sample: DatasetSample, results: ScenarioResult[]): string {
  const byName = new Map(traceScenarios(spec, sample).map((s) => [s.name, s]));
  return table(
    ['query', 'p50 ms', 'p99 ms', 'mean ms', 'items/answer', 'target ms', 'met'],
    results.map((r) => {
      const s = byName.get(r.name)!;
      const t = targetText(s);
      return [r.name, fmt(r.p50), fmt(r.p99), fmt(r.mean), fmt(r.items), t, t === '-' ? '-' : r.ok ? 'yes' : '**no**'];
    }),
  );
}

/**
 * Two targets side by side: each query's p50 and p99 on both and the ratio of the first to the
 * second (at most `bound` is met).
 */
export function traceQueryComparison(
  labels: [string, string],
  [a, b]: [ScenarioResult[], ScenarioResult[]],
  bound: number,
): string {
  return table(
    [
      'query',
      `${labels[0]} p50 ms`,
      `${labels[1]} p50 ms`,
      'p50 ratio',
      `${labels[0]} p99 ms`,
      `${labels[1]} p99 ms`,
      `ratio ≤ ${bound}×`,
    ],
    a.map((r, i) => {
      const o = b[i]!;
      const ratio = r.p50 / o.p50;
      return [
        r.name,
        fmt(r.p50),
        fmt(o.p50),
        `${fmt(ratio)}×`,
        fmt(r.p99),
        fmt(o.p99),
        ratio <= bound ? 'yes' : '**no**',
      ];
    }),
  );
}
