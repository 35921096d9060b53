import { WireReader } from '../protobuf/wire-reader.ts';

/** WriteRequest.timeseries (field 1) and TimeSeries.samples (field 2), both length-delimited. */
const TIMESERIES_TAG = (1 << 3) | 2;
const SAMPLE_TAG = (2 << 3) | 2;

/** What a WriteRequest holds: its samples, and its series that have any. */
export type WriteRequestCounts = { samples: number; series: number };

/**
 * Counts the samples and series of a WriteRequest's bytes without decoding them: each field is
 * stepped over by its length, so nothing is allocated whatever the request holds, and a request
 * past the limits is refused before it is decoded into an object per sample. Undefined for bytes
 * that are not a WriteRequest: the decoder then words the refusal.
 */
export function countWriteRequest(raw: Buffer): WriteRequestCounts | undefined {
  const r = new WireReader(raw);
  let samples = 0;
  let series = 0;
  try {
    while (r.pos < r.len) {
      const tag = r.tag();
      if (tag !== TIMESERIES_TAG) {
        r.skipType(tag & 7, 0, tag >>> 3);
        continue;
      }
      const outer = r.enter(r.size());
      let own = 0;
      while (r.pos < r.len) {
        const field = r.tag();
        if (field === SAMPLE_TAG) own++;
        r.skipType(field & 7, 1, field >>> 3);
      }
      r.leave(outer);
      samples += own;
      if (own > 0) series++;
    }
  } catch {
    return undefined;
  }
  return { samples, series };
}
