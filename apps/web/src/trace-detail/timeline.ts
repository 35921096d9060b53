import { formatDuration } from '../lib/format.ts';

/**
 * Waterfall layout: where each observation's bar sits within the trace's time window, as
 * fractions of the window's width, so the view scales with its container.
 */
export type Timed = { startTime: string; endTime: string | null };
export type TimeWindow = { start: number; end: number };
export type Bar = {
  /** Offset from the window's start, 0..1. */
  left: number;
  /** 0..1; at least `minWidth`, so an instant still shows. */
  width: number;
  /** No end time: still running or its end was never sent; drawn to the window's end. */
  open: boolean;
  /** Starts and ends at the same instant (an event). */
  instant: boolean;
};

const ms = (iso: string) => Date.parse(iso);

/** From the earliest start to the latest end (or start) of all observations; never empty. */
export function traceWindow(items: readonly Timed[]): TimeWindow {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const o of items) {
    const s = ms(o.startTime);
    const e = o.endTime ? ms(o.endTime) : s;
    if (Number.isFinite(s)) {
      start = Math.min(start, s);
      end = Math.max(end, s);
    }
    if (Number.isFinite(e)) end = Math.max(end, e);
  }
  if (!Number.isFinite(start)) return { start: 0, end: 1 };
  return { start, end: end > start ? end : start + 1 };
}

export function barFor(o: Timed, w: TimeWindow, minWidth = 0.004): Bar {
  const span = w.end - w.start;
  const s = ms(o.startTime);
  const e = o.endTime ? ms(o.endTime) : w.end;
  const left = clamp01((s - w.start) / span);
  const right = clamp01((Math.max(e, s) - w.start) / span);
  const width = Math.max(minWidth, right - left);
  return {
    left: Math.min(left, 1 - minWidth),
    width: Math.min(width, 1),
    open: !o.endTime,
    instant: o.endTime !== null && e <= s,
  };
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);

/**
 * Axis ticks for a window of `durationMs`: round steps (1, 2, 5 x 10^n ms), at most `maxTicks`
 * after the zero tick, labelled as offsets from the trace's start.
 */
export function timeTicks(durationMs: number, maxTicks = 6): { at: number; label: string }[] {
  if (!(durationMs > 0)) return [{ at: 0, label: '0 ms' }];
  const raw = durationMs / maxTicks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow) as number;
  const ticks: { at: number; label: string }[] = [];
  for (let i = 0; i * step <= durationMs * (1 + 1e-9); i++) {
    const t = i * step;
    ticks.push({ at: t / durationMs, label: t === 0 ? '0 ms' : formatDuration(t / 1000) });
  }
  return ticks;
}
