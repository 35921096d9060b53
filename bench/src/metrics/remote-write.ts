import protobuf from 'protobufjs';
import { compress } from 'snappyjs';

/**
 * Prometheus remote write 1.0: a WriteRequest (prometheus/prompb remote.proto and types.proto,
 * the fields it needs) encoded with protobufjs, in a snappy block (not the framed format), sent
 * with REMOTE_WRITE_HEADERS. Prometheus (--web.enable-remote-write-receiver) and VictoriaMetrics
 * both take it at /api/v1/write.
 */
const root = protobuf.Root.fromJSON({
  nested: {
    WriteRequest: { fields: { timeseries: { rule: 'repeated', type: 'TimeSeries', id: 1 } } },
    TimeSeries: {
      fields: {
        labels: { rule: 'repeated', type: 'Label', id: 1 },
        samples: { rule: 'repeated', type: 'Sample', id: 2 },
      },
    },
    Label: { fields: { name: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
    Sample: { fields: { value: { type: 'double', id: 1 }, timestamp: { type: 'int64', id: 2 } } },
  },
});
const WriteRequest = root.lookupType('WriteRequest');

export const REMOTE_WRITE_HEADERS = {
  'Content-Encoding': 'snappy',
  'Content-Type': 'application/x-protobuf',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
};

export type RemoteSeries = { labels: Record<string, string>; samples: { value: number; timestamp: number }[] };

/** One request body. Labels go sorted by name (`__name__` first), as remote write requires. */
export function encodeWriteRequest(series: readonly RemoteSeries[]): Buffer {
  const timeseries = series.map((s) => ({
    labels: Object.keys(s.labels)
      .sort()
      .map((name) => ({ name, value: s.labels[name] })),
    samples: s.samples,
  }));
  return Buffer.from(compress(WriteRequest.encode(WriteRequest.fromObject({ timeseries })).finish()));
}
