import { REMOTE_WRITE_HEADERS, type RwSeries, remoteWriteBody } from '../remote-write-client.ts';

/**
 * Remote-write bodies of a data set in time order: slices of `sliceMs` of every series, cut into
 * requests of about `maxSamples`. Sent one after another, every series arrives in time order and
 * no sample is older than an hour behind the newest, as Prometheus' head block requires.
 */
export function timeOrderedBodies(series: RwSeries[], sliceMs = 600_000, maxSamples = 40_000): Buffer[] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    if (s.samples.length === 0) continue;
    first = Math.min(first, s.samples[0]![0]);
    last = Math.max(last, s.samples[s.samples.length - 1]![0]);
  }
  const bodies: Buffer[] = [];
  const cursor = series.map(() => 0);
  for (let from = first; from <= last; from += sliceMs) {
    let batch: RwSeries[] = [];
    let size = 0;
    for (const [i, s] of series.entries()) {
      const samples: [number, number][] = [];
      while (cursor[i]! < s.samples.length && s.samples[cursor[i]!]![0] < from + sliceMs) {
        samples.push(s.samples[cursor[i]!]!);
        cursor[i]!++;
      }
      if (samples.length === 0) continue;
      batch.push({ labels: s.labels, samples });
      size += samples.length;
      if (size >= maxSamples) {
        bodies.push(remoteWriteBody(batch));
        batch = [];
        size = 0;
      }
    }
    if (batch.length > 0) bodies.push(remoteWriteBody(batch));
  }
  return bodies;
}

/** Posts the bodies in order to a remote-write URL; throws on anything but 204. */
export async function remoteWriteAll(url: string, bodies: Buffer[], headers: Record<string, string> = {}) {
  for (const body of bodies) {
    const res = await fetch(url, { method: 'POST', body, headers: { ...REMOTE_WRITE_HEADERS, ...headers } });
    if (res.status !== 204) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  }
}
