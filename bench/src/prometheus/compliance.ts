import { rmSync } from 'node:fs';
import path from 'node:path';
// The compliance kit of the tests: the query list, the tester's comparison and the demo-service
// data. The bench times the same cases on the same data.
import { complianceCases } from '@spanhouse/test/support/prometheus/compliance/cases.ts';
import { type RangeAnswer, verdict } from '@spanhouse/test/support/prometheus/compliance/compare.ts';
import { DEMO_T0, demoDataSet } from '@spanhouse/test/support/prometheus/compliance/demo-data.ts';
import { timeOrderedBodies } from '@spanhouse/test/support/prometheus/compliance/load.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { startService } from '../lib/service.ts';
import { fmt, percentile } from '../lib/stats.ts';
import { startPrometheus } from '../metrics/peers.ts';
import { peerTarget, post, type RangeForm, rangeQuery, serviceTarget, type Target } from './targets.ts';

const MINUTES = 120;
/** The tester's grid: the last 10 minutes but 12, every 10 s. */
const END = DEMO_T0 + (MINUTES - 12) * 60_000 + 437;
const grid = (query: string): RangeForm => ({ query, startMs: END - 600_000, endMs: END, stepMs: 10_000 });

const answer = (r: { status: number; json: { data?: unknown; error?: string } }): RangeAnswer => {
  if (r.status === 200) {
    const d = r.json.data as { resultType: string; result: [] };
    return { ok: true, resultType: d.resultType, result: d.result };
  }
  const j = r.json as { errorType?: string; error?: string };
  return { ok: false, status: r.status, errorType: j.errorType ?? '', error: j.error ?? '' };
};

/**
 * The Prometheus project's PromQL compliance cases (the list the compliance test runs, 539 after
 * expansion) on two hours of demo-service data (810 series, 1.16 M points), loaded into the
 * service and a real Prometheus: the score against Prometheus, and each case's time alone
 * (computed every time: nocache=1), with resets over the 702 bucket series as the issue asks.
 */
export async function complianceTiming(opts: BenchOptions): Promise<string> {
  const dataDir = path.join(opts.dir, 'prometheus-compliance');
  rmSync(dataDir, { recursive: true, force: true });
  const svc = await startService({ dataDir });
  const prom = await startPrometheus(path.join(opts.dir, 'prometheus-compliance-prom'));
  const targets: Target[] = [serviceTarget(svc), peerTarget(prom)];
  try {
    log('compliance: generating and loading the demo data');
    const bodies = timeOrderedBodies(demoDataSet(MINUTES));
    // The service answers each write once it is readable, so every case sees all the data.
    const committing = { ...targets[0]!, headers: { ...targets[0]!.headers, 'Spanhouse-Wait': 'commit' } };
    for (const t of [committing, targets[1]!]) for (const body of bodies) await post(t, body);
    // A smoke run (CI) checks that the timing still runs: every tenth case; `pnpm test` checks all
    // 539 answers.
    const cases = complianceCases().filter((_, i) => !opts.smoke || i % 10 === 0);
    const times: { query: string; ms: number }[] = [];
    let passed = 0;
    for (const c of cases) {
      const ref = answer(await rangeQuery(targets[1]!, grid(c.query), {}, true));
      await rangeQuery(targets[0]!, grid(c.query), { nocache: '1' }, true);
      const got = await rangeQuery(targets[0]!, grid(c.query), { nocache: '1' }, true);
      times.push({ query: c.query, ms: got.ms });
      if (verdict(c, ref, answer(got)) === undefined) passed++;
    }
    const ms = times.map((x) => x.ms);
    const resets = 'resets(demo_api_request_duration_seconds_bucket[1h])';
    const resetsRange = (await rangeQuery(targets[0]!, grid(resets), { nocache: '1' })).ms;
    const instant = async () => {
      const params = new URLSearchParams({ query: resets, time: String(END / 1000) });
      const t0 = performance.now();
      await fetch(`${svc.url}/prometheus/api/v1/query?${params}`, { headers: targets[0]!.headers }).then((r) =>
        r.text(),
      );
      return performance.now() - t0;
    };
    await instant();
    const resetsInstant = await instant();
    const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 5);
    return [
      `### PromQL compliance cases (${cases.length}) on the demo-service data, against Prometheus`,
      '',
      `Identical to Prometheus 2.42 (the compliance tester's comparison)${opts.smoke ? ', every tenth case (smoke)' : ''}: ${passed} / ${cases.length} (${fmt((100 * passed) / cases.length, 4)}%).`,
      '',
      table(
        ['time of one case alone', 'ms'],
        [
          ['median', fmt(percentile(ms, 50))],
          ['p95', fmt(percentile(ms, 95))],
          ['slowest', fmt(Math.max(...ms))],
          [`\`${resets}\` (702 series), the tester's grid`, fmt(resetsRange)],
          ['the same, instant query', fmt(resetsInstant)],
        ],
      ),
      '',
      'Slowest cases:',
      '',
      ...slowest.map((s) => `- ${fmt(s.ms)} ms \`${s.query}\``),
    ].join('\n');
  } finally {
    await prom.stop();
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
