import { prometheus } from '@spanhouse/ingest-api/remote-write-proto';
import { compressSync } from 'snappy';
import { type DataSet, labelsOf, pointValue, seriesCount, timeOf } from './dataset.ts';

/** Remote-write bodies: `frames[part][k]` holds points [k*window, (k+1)*window) of the part's series. */
export type Frames = { frames: Buffer[][]; points: number; bytes: number };

/**
 * The data set as Prometheus remote-write requests (snappy-compressed WriteRequests, as a
 * Prometheus server sends them), time-major: `parts` disjoint sets of series, each cut into
 * frames of `window` points per series. Prometheus takes samples only within an hour of its
 * newest, so frames go out in time order; each part keeps its series in order on its own.
 */
export function buildFrames(d: DataSet, parts: number, window: number, from = 0, to = d.points): Frames {
  const n = seriesCount(d);
  const frames: Buffer[][] = [];
  let bytes = 0;
  for (let part = 0; part < parts; part++) {
    const list: Buffer[] = [];
    for (let k = from; k < to; k += window) {
      const timeseries = [];
      for (let s = part; s < n; s += parts) {
        const samples = [];
        for (let i = k; i < Math.min(k + window, to); i++)
          samples.push({ timestamp: timeOf(d, i), value: pointValue(d, s, i) });
        const labels = Object.entries(labelsOf(d, s)).map(([name, value]) => ({ name, value }));
        timeseries.push({ labels, samples });
      }
      const body = compressSync(Buffer.from(prometheus.WriteRequest.encode({ timeseries }).finish()));
      bytes += body.length;
      list.push(body);
    }
    frames.push(list);
  }
  return { frames, points: n * (to - from), bytes };
}
