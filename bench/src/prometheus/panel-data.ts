import type { LoadBody } from '../metrics/bodies.ts';
import { endMs, type MetricsDataset, seriesCount, seriesLabels, uniform } from '../metrics/dataset.ts';
import { encodeWriteRequest, type RemoteSeries } from '../metrics/remote-write.ts';

/**
 * What a service dashboard charts beside the reference set's gauge, over its last hours, at its
 * scrape interval: per host and region (1,000 series each) the counters `http_requests_total`
 * (20-60 a scrape) and `http_errors_total` (about 1% of them), each series restarting once (a
 * counter reset) with a chance of one in ten, and per region a latency histogram
 * `http_request_duration_seconds` (11 buckets and +Inf, `_sum`, `_count`). Values are a function
 * of the data set's seed: every run and every target gets the same points.
 */
export type PanelDataset = { ref: MetricsDataset; startMs: number; points: number };

export const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function panelDataset(ref: MetricsDataset, hours: number): PanelDataset {
  const points = Math.min(ref.points, Math.round((hours * 3_600_000) / ref.intervalMs));
  return { ref, startMs: endMs(ref) - points * ref.intervalMs, points };
}

export const panelPoints = (p: PanelDataset) =>
  p.points * (2 * seriesCount(p.ref) + p.ref.regions * (BUCKETS.length + 3));

/**
 * Remote-write requests in time order: request k holds `window` scrapes of every series of its
 * part (parts split the hosts), to be sent in lock-step across parts as the reference frames are.
 */
export function panelFrames(p: PanelDataset, parts = 2, window = 60): LoadBody[][] {
  const n = seriesCount(p.ref);
  const requests = new Float64Array(n);
  const errors = new Float64Array(n);
  const histograms = Array.from({ length: p.ref.regions }, () => ({
    buckets: new Float64Array(BUCKETS.length + 1),
    sum: 0,
  }));
  const resetAt = Array.from({ length: n }, (_, s) =>
    uniform(p.ref.seed, s, -2, 7) < 0.1 ? Math.floor(uniform(p.ref.seed, s, -2, 8) * p.points) : -1,
  );
  const out: LoadBody[][] = Array.from({ length: parts }, () => []);
  for (let i0 = 0; i0 < p.points; i0 += window) {
    const perPart: RemoteSeries[][] = Array.from({ length: parts }, () => []);
    const samples = (labels: Record<string, string>, part: number) => {
      const s: RemoteSeries = { labels, samples: [] };
      perPart[part]!.push(s);
      return s.samples;
    };
    const i1 = Math.min(p.points, i0 + window);
    for (let s = 0; s < n; s++) {
      const labels = seriesLabels(p.ref, s);
      const part = s % parts;
      const req = samples({ __name__: 'http_requests_total', ...labels }, part);
      const err = samples({ __name__: 'http_errors_total', ...labels }, part);
      for (let i = i0; i < i1; i++) {
        if (i === resetAt[s]) {
          requests[s] = 0;
          errors[s] = 0;
        }
        const more = 20 + Math.floor(40 * uniform(p.ref.seed, s, i, 10));
        requests[s] = requests[s]! + more;
        errors[s] = errors[s]! + Math.floor(more * 0.01 + 2 * uniform(p.ref.seed, s, i, 11));
        const timestamp = p.startMs + i * p.ref.intervalMs;
        req.push({ value: requests[s]!, timestamp });
        err.push({ value: errors[s]!, timestamp });
      }
    }
    for (let r = 0; r < p.ref.regions; r++) {
      const part = r % parts;
      const region = `r${r}`;
      const name = 'http_request_duration_seconds';
      const buckets = [...BUCKETS.map(String), '+Inf'].map((le) =>
        samples({ __name__: `${name}_bucket`, region, le }, part),
      );
      const sum = samples({ __name__: `${name}_sum`, region }, part);
      const count = samples({ __name__: `${name}_count`, region }, part);
      const h = histograms[r]!;
      for (let i = i0; i < i1; i++) {
        // 50 requests a scrape, log-uniform latency between 2 ms and 4 s (slower in odd regions).
        for (let k = 0; k < 50; k++) {
          const x = 0.002 * 2000 ** (uniform(p.ref.seed, 10_000 + r, i * 50 + k, 12) ** (r % 2 ? 0.8 : 1.2));
          h.sum += x;
          for (let b = 0; b <= BUCKETS.length; b++) if (b === BUCKETS.length || x <= BUCKETS[b]!) h.buckets[b]!++;
        }
        const timestamp = p.startMs + i * p.ref.intervalMs;
        for (let b = 0; b <= BUCKETS.length; b++) buckets[b]!.push({ value: h.buckets[b]!, timestamp });
        sum.push({ value: Math.round(h.sum * 1e6) / 1e6, timestamp });
        count.push({ value: h.buckets[BUCKETS.length]!, timestamp });
      }
    }
    for (let part = 0; part < parts; part++) {
      const series = perPart[part]!;
      out[part]!.push({ body: encodeWriteRequest(series), points: series.reduce((m, x) => m + x.samples.length, 0) });
    }
  }
  return out;
}
