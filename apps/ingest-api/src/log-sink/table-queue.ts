import { DEFAULT_CHUNK_FORMAT, type LogChunk } from '@spanhouse/ingest-log';

/** What chunks must share to be inserted together: their format, columns and types. */
const layoutOf = (c: LogChunk) =>
  `${c.format ?? DEFAULT_CHUNK_FORMAT}|${c.columns.join(',')}|${c.types?.join(';') ?? ''}`;

/** A chunk read from the log, waiting to be inserted into its table. */
export type QueuedChunk = LogChunk & { lsn: number; appendedAtMs: number };

/**
 * The chunks of one table read from the log and not yet committed, in LSN order. At most one
 * insert of a table runs at once; its chunks stay at the front of the queue until it succeeds, so
 * the table is committed up to (the first queued LSN - 1), or up to everything read when empty.
 */
export class TableQueue {
  readonly chunks: QueuedChunk[] = [];
  bytes = 0;
  inFlight = false;
  /** When the last insert began (ms): inserts are spaced by the flush interval. */
  lastStart = Number.NEGATIVE_INFINITY;
  /** No insert before this (ms): backoff after a failure. */
  retryAt = 0;
  failures = 0;
  /** The front chunk waited for another table's commit (the writer's `insertAfter`). */
  heldByOrder = false;
  /** Chunks still to insert one at a time, to find the one ClickHouse refuses among them. */
  isolate = 0;
  timer: NodeJS.Timeout | undefined;

  constructor(readonly table: string) {}

  push(chunk: QueuedChunk): void {
    this.chunks.push(chunk);
    this.bytes += chunk.data.length;
  }

  /** LSN up to which every chunk of this table is committed, given that the log was read up to `readLsn`. */
  committedUpTo(readLsn: number): number {
    return this.chunks.length > 0 ? this.chunks[0]!.lsn - 1 : readLsn;
  }

  /**
   * The next insert: chunks from the front with the same layout (format, columns and their
   * types: a log that lived through an upgrade holds both), up to `maxBytes` (at least one) and
   * to records up to `upToLsn`, or a single chunk while isolating a refused one.
   */
  nextBatch(maxBytes: number, upToLsn = Number.POSITIVE_INFINITY): QueuedChunk[] {
    const first = this.chunks[0];
    if (!first) return [];
    if (this.isolate > 0) return [first];
    const layout = layoutOf(first);
    const batch = [first];
    let bytes = first.data.length;
    for (let i = 1; i < this.chunks.length; i++) {
      const c = this.chunks[i]!;
      if (bytes + c.data.length > maxBytes || c.lsn > upToLsn || layoutOf(c) !== layout) break;
      batch.push(c);
      bytes += c.data.length;
    }
    return batch;
  }

  /** Drops the first `n` chunks (committed, or set aside). */
  shift(n: number): void {
    for (const c of this.chunks.splice(0, n)) this.bytes -= c.data.length;
    if (this.isolate > 0) this.isolate = Math.max(0, this.isolate - n);
  }
}
