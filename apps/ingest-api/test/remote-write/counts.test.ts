import { describe, expect, it } from 'vitest';
import { prometheus } from '../../proto/static/remote.js';
import { countWriteRequest } from '../../src/remote-write/counts.ts';
import { decodeWriteRequest } from '../../src/remote-write/generated/remote-decode.ts';

const bytes = (req: prometheus.WriteRequest.$Properties) => Buffer.from(prometheus.WriteRequest.encode(req).finish());

describe('countWriteRequest', () => {
  it('counts what the decoder would make: samples, and the series that have any', () => {
    const raw = bytes({
      timeseries: [
        {
          labels: [{ name: '__name__', value: 'a' }],
          samples: [
            { value: 1, timestamp: 1 },
            { value: 2, timestamp: 2 },
          ],
        },
        { labels: [{ name: '__name__', value: 'b' }], samples: [] },
        { labels: [{ name: '__name__', value: 'c' }], samples: [{ value: 3, timestamp: 3 }] },
      ],
    });
    const decoded = decodeWriteRequest(raw);
    expect(countWriteRequest(raw)).toEqual({
      samples: decoded.timeseries.reduce((n, ts) => n + ts.samples.length, 0),
      series: decoded.timeseries.filter((ts) => ts.samples.length > 0).length,
    });
    expect(countWriteRequest(raw)).toEqual({ samples: 3, series: 2 });
  });

  it('gives up on bytes that are not a WriteRequest, for the decoder to refuse', () => {
    const raw = bytes({ timeseries: [{ labels: [{ name: '__name__', value: 'a' }], samples: [{ value: 1 }] }] });
    expect(countWriteRequest(raw.subarray(0, raw.length - 2))).toBeUndefined();
    expect(countWriteRequest(Buffer.from([0x0a, 0xff]))).toBeUndefined();
  });
});
