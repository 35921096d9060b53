import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { useColorScheme } from '../lib/color-scheme.ts';
import { colorAt } from './series.ts';

export type ChartLine = { label: string; values: (number | null)[] };

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const NL_DATE = '\n{YYYY}-{MM}-{DD}';
const NL_DAY = '\n{MM}-{DD}';
/**
 * The time axis' labels by tick spacing (uPlot's table, in 24-hour time and year-first dates):
 * [smallest spacing, label, and the second line added when the year, month, day, hour, minute or
 * second changes between ticks, then 1: add it under the label].
 */
const TIME_STAMPS: (string | number | null)[][] = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
  [HOUR, '{HH}:00', NL_DATE, null, NL_DAY, null, null, null, 1],
  [MINUTE, '{HH}:{mm}', NL_DATE, null, NL_DAY, null, null, null, 1],
  [1, ':{ss}', `${NL_DATE} {HH}:{mm}`, null, `${NL_DAY} {HH}:{mm}`, null, '\n{HH}:{mm}', null, 1],
  [0.001, ':{ss}.{fff}', `${NL_DATE} {HH}:{mm}`, null, `${NL_DAY} {HH}:{mm}`, null, '\n{HH}:{mm}', null, 1],
];

/**
 * The y axis as wide as its widest label (and its ticks and gap), so a long one ("$1,000.00",
 * "1,000,000") is not cut at the chart's left edge and a short one leaves no gap. uPlot asks again
 * while the labels change with the size; from the third round it keeps the last answer.
 */
function valuesWidth(self: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  // At run time an axis' font is [the canvas font, its size]: uPlot scales it to the pixel ratio.
  const axis = self.axes[axisIdx] as uPlot.Axis & { font: [string, number]; _size?: number };
  if (cycleNum > 1 && axis._size) return axis._size;
  self.ctx.font = axis.font[0];
  const widest = Math.max(0, ...(values ?? []).map((v) => self.ctx.measureText(String(v)).width));
  return Math.ceil(widest / devicePixelRatio + (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4);
}

/**
 * A time-series line chart (uPlot): one line per series, a legend naming each with its colour,
 * and the values under the cursor shown in the legend as the pointer moves. `xs` are seconds
 * since the epoch; `xRange` fixes the axis to a window (seconds), so one point does not stretch
 * it over years; `utcDays`: the points are UTC days (daily usage), labelled as dates in UTC, else
 * times in the browser's zone. Times read as everywhere else in the UI: 24-hour, dates year first.
 */
export function LineChart(props: {
  title: string;
  xs: number[];
  lines: ChartLine[];
  height?: number;
  xRange?: [number, number];
  utcDays?: boolean;
  format?: (v: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useColorScheme();
  const [xMin, xMax] = props.xRange ?? [];
  useEffect(() => {
    const el = ref.current!;
    const css = getComputedStyle(el);
    const fg = css.getPropertyValue('--fg-muted').trim() || '#666';
    const grid = css.getPropertyValue('--border').trim() || '#ddd';
    const format = props.format ?? ((v: number) => String(v));
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const opts: uPlot.Options = {
      width: Math.max(300, el.clientWidth || 800),
      height: props.height ?? 280,
      ...(props.utcDays ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') } : {}),
      scales: { x: { time: true, ...(xMin !== undefined && xMax !== undefined ? { range: [xMin, xMax] } : {}) } },
      series: [
        { value: props.utcDays ? '{YYYY}-{MM}-{DD}' : '{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}' },
        ...props.lines.map((l, i) => ({
          label: l.label,
          stroke: colorAt(i),
          width: 1.5,
          points: { show: props.xs.length < 60 },
          value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '–' : format(v)),
        })),
      ],
      axes: [
        { ...axis, values: TIME_STAMPS },
        { ...axis, size: valuesWidth, values: (_u: uPlot, ticks: number[]) => ticks.map(format) },
      ],
      legend: { live: true },
      cursor: { points: { size: 6 } },
    };
    const chart = new uPlot(opts, [props.xs, ...props.lines.map((l) => l.values)] as uPlot.AlignedData, el);
    const ro = new ResizeObserver(() => chart.setSize({ width: Math.max(300, el.clientWidth), height: opts.height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.destroy();
    };
  }, [props.xs, props.lines, props.height, props.utcDays, props.format, xMin, xMax, scheme]);
  return <figure class="chart" ref={ref} aria-label={props.title} />;
}
