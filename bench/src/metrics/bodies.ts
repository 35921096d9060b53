import { isoSeconds, type MetricsDataset, pointMs, seriesCount, seriesLabels, valuesOf } from './dataset.ts';
import { encodeWriteRequest, type RemoteSeries } from './remote-write.ts';

/**
 * The data set in each peer's load format, built before a load's clock starts so the figures
 * measure ingestion, not generation. Series are split into `parts` (series s in part s % parts),
 * one concurrent stream each.
 */

/** Body of a load and the points it carries. */
export type LoadBody = { body: Buffer; points: number };

/**
 * POST /v1/metrics/batch bodies, time step after time step: about `batchPoints` points each, in
 * whole time steps of every series (so a load cut short is a prefix in time).
 */
export function serviceBatchBodies(ds: MetricsDataset, batchPoints = 5000): LoadBody[] {
  const value = valuesOf(ds);
  const n = seriesCount(ds);
  const steps = Math.max(1, Math.round(batchPoints / n));
  const head = Array.from({ length: n }, (_, s) => {
    const { host, region } = seriesLabels(ds, s);
    return `{"name":${JSON.stringify(ds.metric)},"labels":{"host":"${host}","region":"${region}"},"value":`;
  });
  const bodies: LoadBody[] = [];
  for (let i0 = 0; i0 < ds.points; i0 += steps) {
    const items: string[] = [];
    for (let i = i0; i < Math.min(ds.points, i0 + steps); i++) {
      const ts = isoSeconds(pointMs(ds, i));
      for (let s = 0; s < n; s++) items.push(`${head[s]}${value(s, i)},"timestamp":"${ts}"}`);
    }
    bodies.push({ body: Buffer.from(`{"metrics":[${items.join(',')}]}`), points: items.length });
  }
  return bodies;
}

/** VictoriaMetrics /api/v1/import bodies (its JSON lines, one line per series), one per part. */
export function vmImportBodies(ds: MetricsDataset, parts = 2): LoadBody[] {
  const value = valuesOf(ds);
  const timestamps = JSON.stringify(Array.from({ length: ds.points }, (_, i) => pointMs(ds, i)));
  return Array.from({ length: parts }, (_, part) => {
    const lines: string[] = [];
    for (let s = part; s < seriesCount(ds); s += parts) {
      const metric = JSON.stringify({ __name__: ds.metric, ...seriesLabels(ds, s) });
      const values = Array.from({ length: ds.points }, (_, i) => value(s, i));
      lines.push(`{"metric":${metric},"values":${JSON.stringify(values)},"timestamps":${timestamps}}`);
    }
    return { body: Buffer.from(`${lines.join('\n')}\n`), points: lines.length * ds.points };
  });
}

/**
 * Remote-write requests per part, time step after time step: request k of a part holds points
 * [k * window, (k + 1) * window) of every series of the part. Sent in lock-step across parts (see
 * loadRemoteWrite), every series stays in time order, as Prometheus requires.
 */
export function remoteWriteFrames(ds: MetricsDataset, parts = 2, window = 60): LoadBody[][] {
  const value = valuesOf(ds);
  return Array.from({ length: parts }, (_, part) => {
    const frames: LoadBody[] = [];
    for (let i0 = 0; i0 < ds.points; i0 += window) {
      const series: RemoteSeries[] = [];
      for (let s = part; s < seriesCount(ds); s += parts) {
        const samples = [];
        for (let i = i0; i < Math.min(ds.points, i0 + window); i++)
          samples.push({ value: value(s, i), timestamp: pointMs(ds, i) });
        series.push({ labels: { __name__: ds.metric, ...seriesLabels(ds, s) }, samples });
      }
      frames.push({ body: encodeWriteRequest(series), points: series.length * Math.min(window, ds.points - i0) });
    }
    return frames;
  });
}
