import { type RwSeries, STALE_NAN } from './remote-write-client.ts';

/** The differential data set's first timestamp and scrape interval. */
export const T0 = Date.UTC(2026, 0, 1);
export const INTERVAL_MS = 15_000;
const POINTS = 240; // one hour

/** A seeded PRNG (mulberry32): the data set is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Scrape times with a per-series jitter of a few ms, as real scrapes have. */
const times = (jitterMs: number, from = 0, to = POINTS) =>
  Array.from({ length: to - from }, (_, i) => T0 + (from + i) * INTERVAL_MS + jitterMs);

/**
 * One hour at 15 s: gauges (6 series), counters with resets, a classic histogram, a series that
 * goes stale and comes back, one with a gap longer than the lookback, NaN and Inf values, and a
 * name with a dot.
 */
export function differentialDataSet(): RwSeries[] {
  const rnd = prng(19);
  const out: RwSeries[] = [];
  let j = 0;
  for (const host of ['h0', 'h1', 'h2']) {
    for (const region of ['r0', 'r1']) {
      out.push({
        labels: { __name__: 'dg_cpu', host, region },
        samples: times(j++ * 7).map((t) => [t, Math.round(rnd() * 10000) / 100]),
      });
    }
  }
  for (const code of ['200', '500']) {
    let v = 0;
    out.push({
      labels: { __name__: 'dg_requests_total', code },
      samples: times(j++ * 5).map((t, i) => {
        v = i > 0 && i % 70 === 0 ? Math.floor(rnd() * 5) : v + Math.floor(rnd() * 20);
        return [t, v];
      }),
    });
  }
  const bounds = ['0.1', '0.5', '1', '+Inf'];
  for (const route of ['/a', '/b']) {
    const counts = [0, 0, 0, 0];
    let sum = 0;
    const series = bounds.map((le) => ({
      labels: { __name__: 'dg_latency_seconds_bucket', route, le },
      samples: [] as [number, number][],
    }));
    const sums: [number, number][] = [];
    const totals: [number, number][] = [];
    for (const t of times(j++ * 3)) {
      for (let n = Math.floor(rnd() * 6); n > 0; n--) {
        const x = rnd() * 1.3;
        sum += x;
        bounds.forEach((b, i) => {
          if (b === '+Inf' || x <= Number(b)) counts[i]!++;
        });
      }
      for (const [i, s] of series.entries()) s.samples.push([t, counts[i]!]);
      sums.push([t, Math.round(sum * 1000) / 1000]);
      totals.push([t, counts[3]!]);
    }
    out.push(...series);
    out.push({ labels: { __name__: 'dg_latency_seconds_sum', route }, samples: sums });
    out.push({ labels: { __name__: 'dg_latency_seconds_count', route }, samples: totals });
  }
  // Stale at 20 min (Prometheus wrote a marker when the target vanished), back at 40 min.
  out.push({
    labels: { __name__: 'dg_flaky', inst: 'a' },
    samples: [
      ...times(0, 0, 80).map((t): [number, number] => [t, Math.round(rnd() * 100)]),
      [T0 + 80 * INTERVAL_MS, STALE_NAN],
      ...times(0, 160, POINTS).map((t): [number, number] => [t, Math.round(rnd() * 100)]),
    ],
  });
  // A 10-minute gap without a marker: the lookback (5 min) runs out inside it.
  out.push({
    labels: { __name__: 'dg_gappy', inst: 'b' },
    samples: [...times(11, 0, 100), ...times(11, 140, POINTS)].map((t) => [t, Math.round(rnd() * 1000) / 10]),
  });
  out.push({
    labels: { __name__: 'dg_nan', inst: 'c' },
    samples: times(2).map((t, i) => [t, i % 17 === 5 ? Number.NaN : i === 100 ? Number.POSITIVE_INFINITY : i]),
  });
  out.push({ labels: { __name__: 'dg.dotted', a: 'b' }, samples: times(4).map((t, i) => [t, i * 0.5]) });
  // Label names a JavaScript object gives a meaning of its own: labels like any other.
  out.push({
    labels: { __name__: 'dg_proto', ['__proto__']: 'x', constructor: 'c', inst: 'a' },
    samples: times(5).map((t, i) => [t, i]),
  });
  out.push({ labels: { __name__: 'dg_proto', inst: 'b' }, samples: times(5).map((t, i) => [t, 2 * i]) });
  // A line break in a label value: a regex's `.` does not match it (Go's regexp).
  out.push({ labels: { __name__: 'dg_odd', v: 'line\nbreak' }, samples: times(5).map((t, i) => [t, i]) });
  out.push({ labels: { __name__: 'dg_odd', v: 'line break' }, samples: times(5).map((t, i) => [t, -1 - i]) });
  return out;
}
