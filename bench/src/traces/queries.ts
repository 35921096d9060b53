import { Rng } from '../gen/prng.ts';
import { type GenTrace, hexToUuid, type TraceSpec, traceHexId, userOf } from '../gen/traces.ts';
import { getJson } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { fmt, percentile } from '../lib/stats.ts';
import { SCORE_NAMES } from './rows.ts';

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
const LIST = { p50: 100, p99: 500 };

/** The trace read scenarios (list filters and orders, single trace, daily over 30 days). */
export function traceScenarios(spec: TraceSpec): Scenario[] {
  const start = spec.endMs - spec.days * DAY;
  const user = (rng: Rng) => userOf(spec, rng.int(0, Math.floor(spec.traces / 5) - 1));
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
      target: LIST,
    },
    {
      name: 'scores, list (v2, newest first)',
      path: () => '/api/public/v2/scores',
      items: listItems,
      target: LIST,
    },
    {
      name: 'scores, list by name, page 3',
      path: (k) => `/api/public/v2/scores?name=${SCORE_NAMES[k % SCORE_NAMES.length]}&page=3`,
      items: listItems,
      target: LIST,
    },
    {
      name: 'scores, list by traceId',
      path: (_, rng) => `/api/public/v2/scores?traceId=${hexToUuid(traceHexId(spec, rng.int(0, spec.traces - 1)))}`,
      items: listItems,
      target: LIST,
    },
    {
      name: 'single trace',
      path: (_, rng) => `/api/public/traces/${hexToUuid(traceHexId(spec, rng.int(0, spec.traces - 1)))}`,
      items: (j) => (j as GenTrace & { observations: unknown[] }).observations.length,
      target: { p50: 20, p99: Number.POSITIVE_INFINITY },
    },
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

/**
 * Runs every scenario `runs` times, one request at a time, after `warmup` untimed requests; with
 * `project`, as the admin acting on that project (Spanhouse-Project).
 */
export async function runTraceQueries(
  baseUrl: string,
  token: string,
  spec: TraceSpec,
  opts: { runs: number; warmup: number; only?: RegExp; project?: string },
): Promise<ScenarioResult[]> {
  const headers: Record<string, string> = opts.project ? { 'Spanhouse-Project': opts.project } : {};
  const results: ScenarioResult[] = [];
  for (const [n, s] of traceScenarios(spec).entries()) {
    if (opts.only && !opts.only.test(s.name)) continue;
    const rng = new Rng(spec.seed, 100 + n);
    for (let k = 0; k < opts.warmup; k++) await getJson(baseUrl + s.path(k, rng), token, headers);
    const ms: number[] = [];
    let items = 0;
    for (let k = 0; k < opts.runs; k++) {
      const r = await getJson(baseUrl + s.path(k, rng), token, headers);
      ms.push(r.ms);
      items += s.items(r.json);
    }
    const p50 = percentile(ms, 50);
    const p99 = percentile(ms, 99);
    const result = {
      name: s.name,
      p50,
      p99,
      mean: ms.reduce((a, b) => a + b, 0) / ms.length,
      items: items / opts.runs,
      runs: opts.runs,
      ok: p50 <= s.target.p50 && p99 <= s.target.p99,
    };
    log(`${s.name}: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, ${fmt(result.items)} items`);
    results.push(result);
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

export function traceQueryTable(spec: TraceSpec, results: ScenarioResult[]): string {
  const byName = new Map(traceScenarios(spec).map((s) => [s.name, s]));
  return table(
    ['query', 'p50 ms', 'p99 ms', 'mean ms', 'items/answer', 'target ms', 'met'],
    results.map((r) => {
      const s = byName.get(r.name)!;
      const t = targetText(s);
      return [r.name, fmt(r.p50), fmt(r.p99), fmt(r.mean), fmt(r.items), t, t === '-' ? '-' : r.ok ? 'yes' : '**no**'];
    }),
  );
}
