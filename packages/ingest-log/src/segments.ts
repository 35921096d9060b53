import path from 'node:path';
import type { LogFile } from './file-layer.ts';

/** One file of the log. Records are appended to the newest only; older ones are sealed. */
export type Segment = {
  seq: number;
  path: string;
  /** LSNs of the first and last whole record (undefined while it holds none). */
  firstLsn?: number;
  lastLsn?: number;
  /** Bytes from the start that hold whole records known to be on disk (synced, or found at recovery). */
  durableEnd: number;
  /** Bytes of records in the file: more than durableEnd after a failed write that could not be cut off. */
  size: number;
  /**
   * The file's length: `size` plus, while it is written to, the zeroed room after the records
   * that the next appends overwrite (see WriteAheadLog). What the segment takes of the budget.
   */
  fileBytes: number;
  /** Open for appends: only the newest segment, and only while it is trusted. */
  file?: LogFile;
};

const NAME = /^segment-(\d{16})\.log$/;

export function segmentName(seq: number): string {
  return `segment-${String(seq).padStart(16, '0')}.log`;
}

/** The sequence number of a segment file name, or undefined for any other file. */
export function segmentSeq(name: string): number | undefined {
  const m = NAME.exec(name);
  return m ? Number(m[1]) : undefined;
}

export function segmentPath(dir: string, seq: number): string {
  return path.join(dir, segmentName(seq));
}
