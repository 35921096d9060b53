import { useMemo } from 'preact/hooks';
import type { MetricsQueryResponse } from '../api/types.ts';
import { LineChart } from '../charts/line-chart.tsx';
import { alignSeries, colorAt, seriesLabel, summarize } from '../charts/series.ts';
import { EmptyState } from '../components/states.tsx';
import { formatTime } from '../lib/format.ts';

/** Six significant digits, but never fewer than the whole part's, which must read as the API's. */
const SIGNIFICANT_DIGITS = 6;
const formats = new Map<number, Intl.NumberFormat>();
function formatValue(v: number): string {
  const wholeDigits = v === 0 ? 1 : Math.floor(Math.log10(Math.abs(v))) + 1;
  const digits = Math.min(21, Math.max(SIGNIFICANT_DIGITS, wholeDigits));
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits });
    formats.set(digits, format);
  }
  return format.format(v);
}
const formatNumber = (v: number | null) => (v === null ? '–' : formatValue(v));
const formatAxis = formatValue;

/**
 * The answer of a metrics query: a line per series with a live legend, and the numbers per series.
 * `unknownIn` names the project when the metric is not among its metric names, so an empty answer
 * says the metric does not exist there rather than that the window holds no points.
 */
export function MetricResults(props: {
  result: MetricsQueryResponse;
  name: string;
  window: [number, number];
  unknownIn?: string;
}) {
  const { data, meta } = props.result;
  const aligned = useMemo(() => alignSeries(data), [data]);
  const lines = useMemo(
    () => data.map((s, i) => ({ label: seriesLabel(s.labels), values: aligned.ys[i]! })),
    [data, aligned],
  );
  if (data.length === 0 && props.unknownIn !== undefined) {
    return (
      <EmptyState title={`No metric ${props.name} in project ${props.unknownIn}`}>
        <p>This project has stored no points under this name: check the name, or pick one of its metrics above.</p>
      </EmptyState>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState title={`No points of ${props.name} in this window`}>
        <p>Widen the time range, remove a label filter, or check the metric's name.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {meta.truncated && (
        <p class="notice" role="status">
          Truncated: the answer hit the limit of 50 series or 1,000 points per series, and the rest was left out. Narrow
          the label filters, group by a label, or choose a larger step.
        </p>
      )}
      <p class="muted">
        {meta.series_count} {meta.series_count === 1 ? 'series' : 'series'}
        {meta.latest_ts ? ` · latest point ${formatTime(meta.latest_ts)}` : ''}
      </p>
      <LineChart
        title={`${props.name} chart`}
        xs={aligned.xs}
        xRange={props.window}
        lines={lines}
        format={formatAxis}
      />
      <div class="table-wrap">
        <table class="list numbers" aria-label="Series numbers">
          <thead>
            <tr>
              <th>Series</th>
              <th class="num">Points</th>
              <th class="num">Min</th>
              <th class="num">Mean</th>
              <th class="num">Max</th>
              <th class="num">Last</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const s = summarize(l.values);
              return (
                <tr key={l.label}>
                  <td class="mono">
                    <span class="swatch" style={{ background: colorAt(i) }} />
                    {l.label}
                  </td>
                  <td class="num">{s.points}</td>
                  <td class="num">{formatNumber(s.min)}</td>
                  <td class="num">{formatNumber(s.mean)}</td>
                  <td class="num">{formatNumber(s.max)}</td>
                  <td class="num">{formatNumber(s.last)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
