/**
 * The port through which caches hear of writes, handed by the composition root to the writer side
 * (which tells) and to the caches (which listen), in a process that sees every write of its
 * database (the all-in-one process on embedded chDB).
 *
 * - `inserted(table)`: an insert into `table` ended, failed ones too (a failed insert may still have
 *   written, e.g. one that timed out). Told after the insert returns, so a reader that starts after
 *   the notice sees the rows.
 * - `pointsCommitted(minUs)`: metric points from `minUs` (µs) on, of a request whose every row is
 *   now committed (readable), were written. Told after the commit, never before: a query cached in
 *   between would keep steps computed without the points.
 * - `committed(table, fromUs)`: rows of `table` that can change reads placed in time from `fromUs`
 *   (µs) on (EncodedRows.changesFromUs), of a request whose every row is now committed, were
 *   written. Told after the commit, for the same reason.
 */
export type WriteListener = {
  inserted?(table: string): void;
  pointsCommitted?(minUs: number): void;
  committed?(table: string, fromUs: number): void;
};

/** The write notices of one process: listeners subscribe once, the writer side tells. */
export class WriteNotices {
  private readonly listeners: WriteListener[] = [];

  subscribe(listener: WriteListener): void {
    this.listeners.push(listener);
  }

  inserted(table: string): void {
    for (const l of this.listeners) l.inserted?.(table);
  }

  pointsCommitted(minUs: number): void {
    for (const l of this.listeners) l.pointsCommitted?.(minUs);
  }

  committed(table: string, fromUs: number): void {
    for (const l of this.listeners) l.committed?.(table, fromUs);
  }
}
