import { useMemo } from 'preact/hooks';
import { type Api, type Query, toQueryString } from '../api/client.ts';
import type { DailyRecord, DailyResponse } from '../api/types.ts';
import { useApi } from '../auth/session.tsx';
import { LineChart } from '../charts/line-chart.tsx';
import { colorAt } from '../charts/series.ts';
import { TextFilter } from '../components/filters.tsx';
import { PageHead } from '../components/page-head.tsx';
import { EmptyState, ErrorState, Loading } from '../components/states.tsx';
import { TraceFilterFields, traceFilterParams, traceFilterQuery } from '../components/trace-filter.tsx';
import { formatCompact, formatCost, formatCount } from '../lib/format.ts';
import { resolveRange } from '../lib/time-range.ts';
import { param, type StateOf } from '../lib/url-state.ts';
import { useResource } from '../lib/use-resource.ts';
import { useNow, useUrlState } from '../lib/use-url-state.ts';
import { NO_MODEL, usageByModel } from './daily.ts';

/** The daily endpoint's filters: the trace filter, with the trace's name as traceName. */
const USAGE_PARAMS = { ...traceFilterParams('30d'), traceName: param.text() };
type UsageState = StateOf<typeof USAGE_PARAMS>;

/** Days per request (the endpoint's largest page) and pages read at most: 1,000 days. */
const DAYS_PER_PAGE = 200;
const MAX_PAGES = 5;

async function loadDays(api: Api, query: Query, signal: AbortSignal): Promise<{ days: DailyRecord[]; cut: boolean }> {
  const days: DailyRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api.get<DailyResponse>(
      '/api/public/metrics/daily',
      { ...query, page, limit: DAYS_PER_PAGE },
      signal,
    );
    days.push(...res.data);
    if (page >= res.meta.totalPages) return { days, cut: false };
  }
  return { days, cut: true };
}

export function UsagePage() {
  const api = useApi();
  const [state, update] = useUrlState(USAGE_PARAMS);
  const [now, refresh] = useNow(JSON.stringify(state));
  const query: Query = { traceName: state.traceName, ...traceFilterQuery(state, now) };
  const { from, to } = resolveRange(state, now);
  const res = useResource(`/api/public/metrics/daily${toQueryString(query)}`, (signal) => loadDays(api, query, signal));
  // from/to change with the same state as res (its key), so res.data decides.
  const usage = useMemo(() => (res.data ? usageByModel(res.data.days, { from, to }) : null), [res.data]);
  const charts = useMemo(() => {
    if (!usage) return null;
    const xRange = dayRange(usage.xs);
    const per = (values: number[][]) => usage.models.map((m, i) => ({ label: m, values: values[i]! }));
    return [
      { title: 'Cost per day (USD, UTC days)', lines: per(usage.cost), format: formatCost, xRange },
      { title: 'Tokens per day', lines: per(usage.tokens), format: formatCompact, xRange },
    ];
  }, [usage]);

  const reloadAll = () => {
    refresh();
    res.reload();
  };
  return (
    <main class="page">
      <PageHead title="Usage" onRefresh={reloadAll} />
      <UsageFilters state={state} update={update} />
      {res.error ? (
        <ErrorState error={res.error} retry={res.reload} />
      ) : !usage || !res.data ? (
        <Loading what="daily usage" />
      ) : res.data.days.length === 0 ? (
        <EmptyState title="No usage in this range">
          <p>Widen the time range or clear a filter; usage is counted per UTC day from the traces' observations.</p>
        </EmptyState>
      ) : (
        <div class={res.loading ? 'stale' : undefined}>
          {res.data.cut && (
            <p class="notice">Showing the most recent {MAX_PAGES * DAYS_PER_PAGE} days; narrow the range.</p>
          )}
          {usage.models.length === 0 ? (
            // The days' traces hold no observation: charts and totals would be empty frames.
            <EmptyState title="No tokens or cost in this range">
              <p>
                Its {formatCount(res.data.days.reduce((n, d) => n + d.countTraces, 0))} traces hold no observations;
                tokens and cost are counted from the observations (generations) of traces.
              </p>
            </EmptyState>
          ) : (
            <>
              <div class="charts">
                {charts!.map((c) => (
                  <section key={c.title}>
                    <h2>{c.title}</h2>
                    <LineChart
                      title={c.title}
                      xs={usage.xs}
                      xRange={c.xRange}
                      utcDays
                      lines={c.lines}
                      format={c.format}
                      height={220}
                    />
                  </section>
                ))}
              </div>
              <h2>By model</h2>
              <div class="table-wrap">
                <table class="list numbers" aria-label="Usage by model">
                  <thead>
                    <tr>
                      <th>Model</th>
                      <th class="num">Observations</th>
                      <th class="num">Input tokens</th>
                      <th class="num">Output tokens</th>
                      <th class="num">Total tokens</th>
                      <th class="num">Cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {usage.totals.map((t, i) => (
                      <tr key={t.model}>
                        <td class={t.model === NO_MODEL ? 'muted' : undefined}>
                          <span class="swatch" style={{ background: colorAt(i) }} />
                          {t.model}
                        </td>
                        <td class="num">{formatCount(t.observations)}</td>
                        <td class="num">{formatCount(t.input)}</td>
                        <td class="num">{formatCount(t.output)}</td>
                        <td class="num">{formatCount(t.total)}</td>
                        <td class="num">{formatCost(t.cost)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <DailyTable days={res.data.days} />
        </div>
      )}
    </main>
  );
}

/** The days' axis with half a day either side, so the first and last day are not on the edge. */
function dayRange(xs: number[]): [number, number] {
  return [(xs[0] ?? 0) - 43_200, (xs.at(-1) ?? 0) + 43_200];
}

function UsageFilters(props: { state: UsageState; update: (patch: Partial<UsageState>) => void }) {
  const { state: s, update } = props;
  return (
    <form class="filters" aria-label="Usage filters" onSubmit={(e) => e.preventDefault()}>
      <TraceFilterFields state={s} update={update}>
        <TextFilter label="Trace name" value={s.traceName} onCommit={(traceName) => update({ traceName })} />
      </TraceFilterFields>
    </form>
  );
}

/** Every day, newest first, with its models. */
function DailyTable(props: { days: DailyRecord[] }) {
  return (
    <>
      <h2>By day</h2>
      <div class="table-wrap">
        <table class="list numbers" aria-label="Usage by day">
          <thead>
            <tr>
              <th>Day (UTC)</th>
              <th>Model</th>
              <th class="num">Traces</th>
              <th class="num">Observations</th>
              <th class="num">Total tokens</th>
              <th class="num">Cost</th>
            </tr>
          </thead>
          <tbody>
            {props.days.flatMap((d) => [
              <tr key={d.date} class="group">
                <th scope="rowgroup">{d.date}</th>
                <td class="muted">all models</td>
                <td class="num">{formatCount(d.countTraces)}</td>
                <td class="num">{formatCount(d.countObservations)}</td>
                <td class="num">{formatCount(d.usage.reduce((s, u) => s + u.totalUsage, 0))}</td>
                <td class="num">{formatCost(d.totalCost)}</td>
              </tr>,
              ...d.usage.map((u) => (
                <tr key={`${d.date}:${u.model ?? ''}`}>
                  <td />
                  <td class={u.model ? undefined : 'muted'}>{u.model ?? NO_MODEL}</td>
                  <td class="num">{formatCount(u.countTraces)}</td>
                  <td class="num">{formatCount(u.countObservations)}</td>
                  <td class="num">{formatCount(u.totalUsage)}</td>
                  <td class="num">{formatCost(u.totalCost)}</td>
                </tr>
              )),
            ])}
          </tbody>
        </table>
      </div>
    </>
  );
}
