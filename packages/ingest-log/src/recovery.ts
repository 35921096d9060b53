import path from 'node:path';
import type { Logger } from 'pino';
import type { FileLayer } from './file-layer.ts';
import { scanSegment } from './segment-scan.ts';
import { type Segment, segmentName, segmentPath, segmentSeq } from './segments.ts';

/** What recovery did, for logs and metrics. */
export type RecoveryReport = {
  segments: number;
  /** Whole records found in the segments (before skipping those already committed). */
  records: number;
  bytes: number;
  tornTails: number;
  corruptSegments: number;
  /** Highest LSN found on disk (0 for an empty log). */
  lastLsn: number;
};

/** Sub-folder where damaged segments are moved, kept for inspection. */
export const CORRUPT_DIR = 'corrupt';

/**
 * Reads every segment of `dir` once, in order: a torn tail (bytes after the last whole record,
 * left by a crash mid-write) is cut off, and so is the zeroed room after the records of the segment
 * that was being written; a segment with damage inside has its whole records
 * rewritten into a fresh file of the same name and the damaged file moved to `corrupt/`. The
 * segments that remain hold only whole records, and none is open for appends.
 */
export async function recoverSegments(
  dir: string,
  fs: FileLayer,
  logger?: Logger,
): Promise<{ segments: Segment[]; report: RecoveryReport }> {
  const report: RecoveryReport = { segments: 0, records: 0, bytes: 0, tornTails: 0, corruptSegments: 0, lastLsn: 0 };
  const seqs = (await fs.list(dir))
    .map(segmentSeq)
    .filter((s): s is number => s !== undefined)
    .sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (const seq of seqs) {
    const file = segmentPath(dir, seq);
    const handle = await fs.open(file, 'write');
    let bytes: Buffer;
    try {
      bytes = Buffer.allocUnsafe(await handle.size());
      await handle.read(bytes, 0);
      const scan = scanSegment(bytes);
      // The zeroed room past the records of the segment that was being written: cut off quietly.
      if (scan.state === 'clean' && scan.validEnd < bytes.length) await handle.truncate(scan.validEnd);
      if (scan.state === 'torn') {
        logger?.warn(
          {
            segment: segmentName(seq),
            at: scan.validEnd,
            cutBytes: bytes.length - scan.validEnd,
            reason: scan.damage?.reason,
          },
          'ingest log: cut off a torn record at the end of a segment (a write a crash interrupted; it was never acknowledged)',
        );
        await handle.truncate(scan.validEnd);
        await handle.datasync();
        report.tornTails++;
      }
      if (scan.state === 'corrupt') {
        await salvage(dir, fs, seq, bytes, scan.records);
        logger?.error(
          { segment: segmentName(seq), at: scan.damage?.at, reason: scan.damage?.reason, kept: scan.records.length },
          `ingest log: damaged record inside a segment; its whole records were kept and the file moved to ${CORRUPT_DIR}/`,
        );
        report.corruptSegments++;
      }
      const kept = scan.records;
      const size = scan.state === 'corrupt' ? kept.reduce((n, r) => n + (r.end - r.start), 0) : scan.validEnd;
      segments.push({
        seq,
        path: file,
        firstLsn: kept[0]?.lsn,
        lastLsn: kept.at(-1)?.lsn,
        durableEnd: size,
        size,
        fileBytes: size,
      });
      report.segments++;
      report.records += kept.length;
      report.bytes += size;
      report.lastLsn = Math.max(report.lastLsn, kept.at(-1)?.lsn ?? 0);
    } finally {
      await handle.close();
    }
  }
  return { segments, report };
}

/** Rewrites the whole records of segment `seq` into a new file of its name; the damaged file goes to corrupt/. */
async function salvage(
  dir: string,
  fs: FileLayer,
  seq: number,
  bytes: Buffer,
  records: { start: number; end: number }[],
): Promise<void> {
  const target = segmentPath(dir, seq);
  const temp = `${target}.salvage`;
  await fs.remove(temp);
  const out = await fs.open(temp, 'create');
  try {
    const parts = records.map((r) => bytes.subarray(r.start, r.end));
    await out.writev(parts, 0);
    await out.datasync();
  } finally {
    await out.close();
  }
  await fs.mkdir(path.join(dir, CORRUPT_DIR));
  await fs.rename(target, path.join(dir, CORRUPT_DIR, `${segmentName(seq)}.${Date.now()}`));
  await fs.rename(temp, target);
  await fs.syncDir(path.join(dir, CORRUPT_DIR));
  await fs.syncDir(dir);
}
