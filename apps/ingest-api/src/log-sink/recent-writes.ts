import type { Ingestor, Receipt } from './ingestor.ts';

/**
 * The latest acknowledged write of each table, for the few reads ingest makes of its own tables
 * (the trace of an observation an earlier request created, the score a delete names). A 200 means
 * durable, not yet readable: such a read that finds nothing waits until every row of its table
 * acknowledged so far is committed, and looks once more, so it never misses what this process
 * has already acknowledged.
 */
export class RecentWrites {
  private readonly latest = new Map<string, number>();

  /** Remembers a stored request's receipt (undefined: it had no rows). */
  note(receipt: Receipt | undefined): void {
    if (!receipt) return;
    for (const table of receipt.tables) {
      if ((this.latest.get(table) ?? -1) < receipt.lsn) this.latest.set(table, receipt.lsn);
    }
  }

  /**
   * Resolves once the rows of `table` acknowledged so far are committed; false at once when none
   * were acknowledged (nothing to look for again). Rejects as Ingestor.waitCommitted does.
   */
  async committed(ingestor: Pick<Ingestor, 'waitCommitted'>, table: string): Promise<boolean> {
    const lsn = this.latest.get(table);
    if (lsn === undefined) return false;
    await ingestor.waitCommitted({ lsn, tables: [table] });
    return true;
  }
}
