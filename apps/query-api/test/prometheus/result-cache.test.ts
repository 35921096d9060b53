import { describe, expect, it } from 'vitest';
import { PromResultCache, type SeriesPoints } from '../../src/prometheus/result-cache.ts';
import type { Grid } from '../../src/prometheus/samples-sql.ts';

/** A fake evaluation: one series whose value at t is t / 1000 + version, recording what was computed. */
function evaluator() {
  const calls: Grid[] = [];
  let version = 0;
  const compute = async (g: Grid): Promise<SeriesPoints[]> => {
    calls.push(g);
    const points: [number, number][] = [];
    for (let k = 0; k < g.steps; k++)
      points.push([g.startMs + k * g.stepMs, (g.startMs + k * g.stepMs) / 1000 + version]);
    return [{ metric: { a: 'b' }, points }];
  };
  return { calls, compute, bump: () => version++ };
}
const grid = (startMs: number, endMs: number, stepMs: number): Grid => ({
  startMs,
  stepMs,
  steps: Math.floor((endMs - startMs) / stepMs) + 1,
});

describe('PromResultCache', () => {
  it('computes only the steps past the cached ones when the window slides', async () => {
    const cache = new PromResultCache();
    const e = evaluator();
    await cache.range('p', 'q', grid(0, 600_000, 60_000), 0, e.compute);
    const slid = await cache.range('p', 'q', grid(120_000, 720_000, 60_000), 0, e.compute);
    expect(e.calls.map((g) => [g.startMs, g.steps])).toEqual([
      [0, 11],
      [660_000, 2],
    ]);
    expect(slid[0]!.points.map(([t]) => t)).toEqual(Array.from({ length: 11 }, (_, k) => 120_000 + k * 60_000));
    // Another step or grid phase is another entry.
    await cache.range('p', 'q', grid(30_000, 630_000, 60_000), 0, e.compute);
    expect(e.calls).toHaveLength(3);
  });

  it('forgets the steps a late point can change, from its time plus the smallest offset', async () => {
    const cache = new PromResultCache();
    const e = evaluator();
    await cache.range('p', 'q', grid(0, 600_000, 60_000), -30_000, e.compute);
    e.bump(); // the data changed ...
    // ... from 300 s on: a step at t reads up to t + 30 s (offset -30 s), so steps from 270 s on.
    cache.written(300_000 * 1000);
    const again = await cache.range('p', 'q', grid(0, 600_000, 60_000), -30_000, e.compute);
    expect(e.calls.at(-1)).toEqual({ startMs: 300_000, stepMs: 60_000, steps: 6 });
    expect(again[0]!.points.find(([t]) => t === 240_000)![1]).toBe(240);
    expect(again[0]!.points.find(([t]) => t === 300_000)![1]).toBe(301);
  });

  it('does not keep what a computation missed of a write that happened while it ran', async () => {
    const cache = new PromResultCache();
    const e = evaluator();
    await cache.range('p', 'q', grid(0, 600_000, 60_000), 0, async (g) => {
      const out = await e.compute(g);
      cache.written(120_000 * 1000); // a write committed while this read was running
      return out;
    });
    await cache.range('p', 'q', grid(0, 600_000, 60_000), 0, e.compute);
    expect(e.calls.at(-1)).toEqual({ startMs: 120_000, stepMs: 60_000, steps: 9 });
  });

  it('cuts only the answers of queries over the trace-derived series on a trace write, also one stored while it ran', async () => {
    const cache = new PromResultCache();
    const metrics = evaluator();
    const llm = evaluator();
    await cache.range('p', 'metrics', grid(0, 600_000, 60_000), 0, metrics.compute);
    await cache.range('p', 'llm', grid(0, 600_000, 60_000), 0, llm.compute, true);
    cache.tracesWritten(300_000 * 1000);
    await cache.range('p', 'metrics', grid(0, 600_000, 60_000), 0, metrics.compute);
    await cache.range('p', 'llm', grid(0, 600_000, 60_000), 0, llm.compute, true);
    expect(metrics.calls).toHaveLength(1);
    expect(llm.calls.at(-1)).toEqual({ startMs: 300_000, stepMs: 60_000, steps: 6 });
    await cache.range(
      'p',
      'llm2',
      grid(0, 600_000, 60_000),
      0,
      async (g) => {
        const out = await llm.compute(g);
        cache.tracesWritten(120_000 * 1000);
        return out;
      },
      true,
    );
    await cache.range('p', 'llm2', grid(0, 600_000, 60_000), 0, llm.compute, true);
    expect(llm.calls.at(-1)).toEqual({ startMs: 120_000, stepMs: 60_000, steps: 9 });
    // A metrics write still cuts both.
    cache.written(540_000 * 1000);
    await cache.range('p', 'metrics', grid(0, 600_000, 60_000), 0, metrics.compute);
    expect(metrics.calls.at(-1)).toEqual({ startMs: 540_000, stepMs: 60_000, steps: 2 });
  });

  it('stays within its byte budget', async () => {
    const cache = new PromResultCache(40_000);
    const e = evaluator();
    for (let i = 0; i < 20; i++) await cache.range('p', `q${i}`, grid(0, 6_000_000, 60_000), 0, e.compute);
    expect(cache.size.bytes).toBeLessThanOrEqual(40_000);
    expect(cache.size.entries).toBeGreaterThan(0);
    expect(cache.size.entries).toBeLessThan(20);
  });

  it('keeps the answers of one query apart per project', async () => {
    const cache = new PromResultCache();
    const a = evaluator();
    const b = evaluator();
    await cache.range('a', 'q', grid(0, 600_000, 60_000), 0, a.compute);
    await cache.range('b', 'q', grid(0, 600_000, 60_000), 0, b.compute);
    expect(b.calls).toHaveLength(1);
    await cache.range('a', 'q', grid(0, 600_000, 60_000), 0, a.compute);
    expect(a.calls).toHaveLength(1);
  });
});
