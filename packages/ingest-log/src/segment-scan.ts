import { decodeRecord, RECORD_MAGIC, RECORD_MAGIC_V1 } from './record.ts';

/** Where a whole, checksummed record lies in a segment file. */
export type RecordSpan = { lsn: number; start: number; end: number };

/**
 * What recovery found in one segment file:
 * - `clean`: every byte belongs to a whole record, or to the zeroed room after the records of the
 *   segment being written (see WriteAheadLog: `validEnd` is then where the records end);
 * - `torn`: whole records up to `validEnd`, then bytes that hold no whole record up to the end of
 *   the file: a write cut short by a crash or a failed write. Nothing after it was acknowledged
 *   (a record is acknowledged only once it and everything before it were synced);
 * - `corrupt`: damage with whole records after it: bytes changed on disk. The records around
 *   the damage are in `records`; what the damage covered is lost.
 */
export type SegmentScan = {
  records: RecordSpan[];
  state: 'clean' | 'torn' | 'corrupt';
  /** End of the last whole record before the first damage (the file's length when clean). */
  validEnd: number;
  /** The first damage's offset and what was wrong there. */
  damage?: { at: number; reason: string };
};

/** The three bytes every record's magic number starts with ("SHL"); the fourth is its version. */
const MAGIC_STEM = Buffer.alloc(4);
MAGIC_STEM.writeUInt32LE(RECORD_MAGIC);
const STEM = MAGIC_STEM.subarray(0, 3);
const isMagic = (buf: Buffer, at: number) =>
  at + 4 <= buf.length && (buf.readUInt32LE(at) === RECORD_MAGIC || buf.readUInt32LE(at) === RECORD_MAGIC_V1);

/** Scans a whole segment file's bytes. Pure. */
export function scanSegment(buf: Buffer): SegmentScan {
  const records: RecordSpan[] = [];
  let at = 0;
  let damage: SegmentScan['damage'];
  let validEnd = 0;
  while (at < buf.length) {
    const decoded = decodeRecord(buf, at);
    if (decoded.kind === 'record') {
      records.push({ lsn: decoded.record.lsn, start: at, end: decoded.end });
      if (!damage) validEnd = decoded.end;
      at = decoded.end;
      continue;
    }
    damage ??= { at, reason: decoded.kind === 'partial' ? 'record cut off by the end of the file' : decoded.reason };
    const next = nextRecordStart(buf, at + 1);
    if (next < 0) break;
    at = next;
  }
  if (!damage) return { records, state: 'clean', validEnd: buf.length };
  if (isZeroFrom(buf, damage.at)) return { records, state: 'clean', validEnd };
  const after = records.some((r) => r.start > damage.at);
  return { records, state: after ? 'corrupt' : 'torn', validEnd, damage };
}

/** The offset of the next whole record at or after `from`, or -1. */
export function nextRecordStart(buf: Buffer, from: number): number {
  for (let at = buf.indexOf(STEM, from); at >= 0; at = buf.indexOf(STEM, at + 1)) {
    if (isMagic(buf, at) && decodeRecord(buf, at).kind === 'record') return at;
  }
  return -1;
}

const ZERO_BLOCK = Buffer.alloc(64 * 1024);

/** Whether every byte of `buf` from `from` on is zero. */
function isZeroFrom(buf: Buffer, from: number): boolean {
  for (let at = from; at < buf.length; at += ZERO_BLOCK.length) {
    const end = Math.min(buf.length, at + ZERO_BLOCK.length);
    if (buf.compare(ZERO_BLOCK, 0, end - at, at, end) !== 0) return false;
  }
  return true;
}
