import { describe, expect, it } from 'vitest';
import { barFor, timeTicks, traceWindow } from '../src/trace-detail/timeline.ts';

const t = (ms: number) => new Date(Date.parse('2026-03-01T10:00:00Z') + ms).toISOString();

describe('waterfall layout', () => {
  const items = [
    { startTime: t(0), endTime: t(1000) },
    { startTime: t(250), endTime: t(750) },
    { startTime: t(2000), endTime: null },
    { startTime: t(500), endTime: t(500) },
  ];
  const w = traceWindow(items);

  it('spans from the earliest start to the latest end or start', () => {
    expect(w).toEqual({ start: Date.parse(t(0)), end: Date.parse(t(2000)) });
  });

  it('places bars as fractions of the window', () => {
    expect(barFor(items[0]!, w)).toEqual({ left: 0, width: 0.5, open: false, instant: false });
    expect(barFor(items[1]!, w)).toEqual({ left: 0.125, width: 0.25, open: false, instant: false });
  });

  it('draws an observation without an end to the window end, and an instant at the minimum width', () => {
    expect(barFor(items[2]!, w, 0.01)).toEqual({ left: 0.99, width: 0.01, open: true, instant: false });
    expect(barFor(items[3]!, w, 0.01)).toEqual({ left: 0.25, width: 0.01, open: false, instant: true });
  });

  it('never yields an empty window', () => {
    expect(traceWindow([])).toEqual({ start: 0, end: 1 });
    const one = traceWindow([{ startTime: t(0), endTime: t(0) }]);
    expect(one.end - one.start).toBe(1);
  });

  it('ticks at round steps', () => {
    expect(timeTicks(1000).map((x) => x.label)).toEqual(['0 ms', '200 ms', '400 ms', '600 ms', '800 ms', '1.00 s']);
    expect(timeTicks(1000).map((x) => x.at)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(timeTicks(45_000).map((x) => x.label)).toEqual(['0 ms', '10.0 s', '20.0 s', '30.0 s', '40.0 s']);
  });
});
