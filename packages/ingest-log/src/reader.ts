import type { Logger } from 'pino';
import type { FileLayer, LogFile } from './file-layer.ts';
import { decodeRecord, type LogRecord } from './record.ts';
import { nextRecordStart } from './segment-scan.ts';
import type { Segment } from './segments.ts';

/** Records are read from the files in blocks of this size (larger for a larger record). */
const BLOCK_BYTES = 4 * 1024 * 1024;

/** The parts of the log a reader sees. */
export type ReadableLog = { readonly segments: readonly Segment[]; readonly logger?: Logger };

/**
 * Reads the log's records in order, each once, as they become durable: never past a segment's
 * `durableEnd`, so never a record that is not acknowledged. Records with an LSN up to `afterLsn`
 * are skipped (already stored). Chunk data are views into the blocks read, not copies.
 */
export class LogReader {
  private seq = 0;
  private offset = 0;
  private file: LogFile | undefined;
  private need = 0;
  /** Damaged records met while reading (bytes changed on disk after they were written). */
  damaged = 0;

  constructor(
    private readonly log: ReadableLog,
    private readonly fs: FileLayer,
    private readonly afterLsn: number,
  ) {}

  /** The next durable records, about `maxBytes` of them at most (at least one when any); [] when caught up. */
  async read(maxBytes: number): Promise<LogRecord[]> {
    const out: LogRecord[] = [];
    let got = 0;
    while (got < maxBytes) {
      const segment = this.current();
      if (!segment) break;
      if (this.offset >= segment.durableEnd) {
        if (segment.file || !this.advance(segment)) break;
        continue;
      }
      this.file ??= await this.fs.open(segment.path, 'read');
      const want = Math.min(segment.durableEnd - this.offset, Math.max(BLOCK_BYTES, this.need));
      const block = Buffer.allocUnsafe(want);
      const view = block.subarray(0, await this.file.read(block, this.offset));
      let at = 0;
      while (at < view.length) {
        const decoded = decodeRecord(view, at);
        if (decoded.kind === 'record') {
          if (decoded.record.lsn > this.afterLsn) {
            out.push(decoded.record);
            got += decoded.end - at;
          }
          at = decoded.end;
        } else if (decoded.kind === 'partial' && at + decoded.needBytes <= segment.durableEnd - this.offset) {
          // Cut by the block's end: read from this record's start next time, with room for it.
          this.need = at === 0 ? decoded.needBytes : 0;
          break;
        } else {
          at = this.skipDamage(view, at, segment, decoded.kind === 'partial' ? 'cut off' : decoded.reason);
        }
      }
      this.offset += at;
      if (at > 0) this.need = 0;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.file?.close();
    this.file = undefined;
  }

  /** The segment at the reading position: the one being read, or the next one still there. */
  private current(): Segment | undefined {
    for (const s of this.log.segments) {
      if (s.seq === this.seq) return s;
      if (s.seq > this.seq) {
        this.moveTo(s.seq);
        return s;
      }
    }
    return undefined;
  }

  /** Moves past a fully read, sealed segment; false when no later segment exists yet. */
  private advance(segment: Segment): boolean {
    const next = this.log.segments.find((s) => s.seq > segment.seq);
    if (!next) return false;
    this.moveTo(next.seq);
    return true;
  }

  private moveTo(seq: number): void {
    void this.file?.close().catch(() => undefined);
    this.file = undefined;
    this.seq = seq;
    this.offset = 0;
    this.need = 0;
  }

  /** Damage inside the durable part of a segment: skips to the next whole record (or the block's end). */
  private skipDamage(view: Buffer, at: number, segment: Segment, reason: string): number {
    this.damaged++;
    const next = nextRecordStart(view, at + 1);
    this.log.logger?.error(
      { segment: segment.path, at: this.offset + at, reason, skippedBytes: (next < 0 ? view.length : next) - at },
      'ingest log: damaged record while reading; skipped to the next whole record',
    );
    return next < 0 ? view.length : next;
  }
}
