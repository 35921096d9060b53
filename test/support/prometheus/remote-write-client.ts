import { prometheus } from '@spanhouse/ingest-api/remote-write-proto';
import { compressSync } from 'snappy';

/** One series of a remote-write request: labels including __name__, samples as [ms, value]. */
export type RwSeries = { labels: Record<string, string>; samples: [number, number][] };

/**
 * A WriteRequest as protobuf bytes (protobufjs, independent of the service's decoder). protobufjs
 * writes Prometheus' signalling staleness NaN quieted (0x7ff8000000000002), so such values are
 * put back to Prometheus' exact bits afterwards, as Prometheus itself sends them.
 */
export function writeRequestBytes(series: RwSeries[]): Uint8Array {
  return restoreStaleMarkers(encode(series));
}

const QUIETED_STALE = Buffer.from('09020000000000f87f', 'hex');

function restoreStaleMarkers(bytes: Uint8Array): Uint8Array {
  const buf = Buffer.from(bytes);
  for (let at = buf.indexOf(QUIETED_STALE); at >= 0; at = buf.indexOf(QUIETED_STALE, at + 1)) buf[at + 7] = 0xf0;
  return buf;
}

function encode(series: RwSeries[]): Uint8Array {
  return prometheus.WriteRequest.encode({
    timeseries: series.map((s) => ({
      labels: Object.entries(s.labels)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => ({ name, value })),
      samples: s.samples.map(([timestamp, value]) => ({ timestamp, value })),
    })),
  }).finish();
}

/** The body a remote-write sender posts: the snappy block of the protobuf. */
export const remoteWriteBody = (series: RwSeries[]) => compressSync(Buffer.from(writeRequestBytes(series)));

export const REMOTE_WRITE_HEADERS = {
  'Content-Type': 'application/x-protobuf',
  'Content-Encoding': 'snappy',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
} as const;

/** Prometheus' staleness marker (value.StaleNaN). */
export const STALE_NAN = new Float64Array(new BigUint64Array([0x7ff0000000000002n]).buffer)[0]!;
