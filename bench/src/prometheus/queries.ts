import type { DataSet } from './dataset.ts';

/**
 * The reference queries (a)-(d) in PromQL, in the exact bucket form: each bucket [B, B + S) is
 * the range ending S - 1 ms after B, looked at S - 1 ms ahead. Prometheus 2.x (and this service)
 * close ranges at both ends, so the range is S - 1 ms; VictoriaMetrics' ranges are open at the
 * start, so S.
 */
export type RefQuery = {
  id: string;
  what: string;
  stepMs: number;
  startMs: number;
  endMs: number;
  promql: string;
  metricsql: string;
};

export function referenceQueries(d: DataSet): RefQuery[] {
  const end = d.startMs + d.points * d.intervalMs;
  const exact = (
    id: string,
    what: string,
    stepMs: number,
    fromMs: number,
    f: (range: string, ahead: string) => string,
  ): RefQuery => ({
    id,
    what,
    stepMs,
    startMs: fromMs,
    endMs: end - stepMs,
    promql: f(`${stepMs - 1}ms`, `${stepMs - 1}ms`),
    metricsql: f(`${stepMs}ms`, `${stepMs - 1}ms`),
  });
  const span = end - d.startMs;
  return [
    exact(
      'a',
      'avg per 5m, one series',
      300_000,
      d.startMs,
      (r, o) => `avg_over_time(cpu{host="h7",region="r3"}[${r}] offset -${o})`,
    ),
    exact(
      'b',
      'p99 per 1h, region=r3 by host',
      3_600_000,
      d.startMs,
      (r, o) => `quantile by (host) (0.99, quantile_over_time(0.99, cpu{region="r3"}[${r}] offset -${o}))`,
    ),
    exact(
      'c',
      'sum per 1m, last 6h, all series by region',
      60_000,
      end - Math.min(span, 6 * 3_600_000),
      (r, o) => `sum by (region) (sum_over_time(cpu[${r}] offset -${o}))`,
    ),
    exact(
      'd',
      'last per 1m, last 12h, host=h7',
      60_000,
      end - Math.min(span, 12 * 3_600_000),
      (r, o) => `last_over_time(cpu{host="h7"}[${r}] offset -${o})`,
    ),
  ];
}
