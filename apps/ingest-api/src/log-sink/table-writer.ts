import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, queryRows } from '@spanhouse/db';
import {
  type DeletionTimes,
  DICTIONARY_OF_TABLE,
  deletionTimesOf,
  LATEST_TOMBSTONE_SQL,
  MARK_SETTLED_SQL,
  nextVersion,
  SETTLED_US_SQL,
  TOMBSTONE_RANGES_SQL,
  PENDING_REWRITES_SQL,
  purgeDeletedBetweenSql,
  purgeRewrittenTracesSql,
  REWRITE_WATCHED_TABLES,
  TABLES,
  TRACE_DELETIONS_DICTIONARY,
} from '@spanhouse/store';
import type { Logger } from 'pino';

/**
 * One insert: encoded rows of one table, with the columns and format they were encoded in (and,
 * for RowBinary, the type each column was written as).
 */
export type InsertBatch = (
  | { table: string; columns: readonly [string, ...string[]]; format: 'TabSeparated'; data: Buffer }
  | {
      table: string;
      columns: readonly [string, ...string[]];
      format: 'RowBinary';
      types: readonly [string, ...string[]];
      data: Buffer;
    }
) & {
  /** The log position of the batch's last record (the background writer's batches name it). */
  lsn?: number;
};

/** A log chunk in a format (or without the types) this version cannot insert: set aside, never retried. */
export class UnknownChunkFormatError extends Error {
  override name = 'UnknownChunkFormatError';
  constructor(table: string, format: string) {
    super(`no insert for rows of ${table} in format ${format}`);
  }
}

/**
 * The writer port: where the log's background writer inserts. Knows nothing of what the rows
 * mean beyond "bytes of table T in format F"; raises the engine's own errors (insert-errors.ts
 * says which of them retrying cannot fix). ClickHouseWriter is the implementation; tests put
 * their own in front of it to make inserts wait or fail.
 */
export type TableWriter = {
  insert(batch: InsertBatch): Promise<void>;
  /** Resolves once what the inserts so far started in the background is done (before closing). */
  settle?(): Promise<void>;
  /**
   * Called once, before the first insert, with where the log starts: `committedLsn`, up to which
   * every table committed in the last run, and `lastLsn`, the last record it holds (more than
   * `committedLsn`: records of the last run are replayed).
   */
  opened?(log: { committedLsn: number; lastLsn: number }): void;
  /** Called as every table has committed every record up to `lsn` (increasing). */
  committed?(lsn: number): void;
};

/** Rewritten deleted traces purged per statement, at most (the rest wait for the next insert). */
const PURGE_BATCH = 10_000;
/**
 * How often a purge's completion is checked, and how long the trace tables' inserts wait for it at
 * most: past that they go on (the registered DELETE still keeps every later part from merging with
 * the deleted rows; only a FINAL read before it finishes can fold them), so a slow DELETE on a
 * large store never stalls ingestion for longer.
 */
const PURGE_POLL_MS = 25;
const PURGE_WAIT_MS = 5_000;
/** How long a settlement waits for its purges at most before trying again later (decision 0090). */
const SETTLE_WAIT_MS = 60_000;
const SETTLE_RETRY_MS = 1_000;

/**
 * Tombstones waiting to be settled (decision 0090): those of an insert of tombstones, by project,
 * or (`upToUs`) every tombstone stored when the writer started, up to that time.
 */
type Unsettled = ({ ranges: Map<string, DeletionTimes> } | { upToUs: number }) & {
  lsn: number;
  /** Its purge was registered again once its records were committed (settleCommitted). */
  purgedAgain?: boolean;
};

/**
 * Inserts through the database's writer connection (Db.insertText for text, the bytes as they
 * are; Db.insertRowBinary for RowBinary); after an insert into a table a dictionary serves (the
 * tombstones), reloads that dictionary, so the insert counts as committed only once the reads see
 * it.
 *
 * Deleted traces' rows are deleted too (decision 0085): a merge, in the background or in a FINAL
 * read, folds a trace's rows into one whatever their written times, so a piece written after the
 * deletion would otherwise carry the deleted fields. After an insert of tombstones, the
 * tombstoned traces' older rows are deleted (lightweight DELETEs, registered before the insert
 * counts as committed: parts of different mutation versions never merge, and the writer inserts
 * the trace tables' rows of later records only after (INSERT_AFTER)); an insert into a table that
 * folds a trace's rows first waits until those deletions are done, so what it adds is never read
 * beside them. After such an insert, the rows older than their tombstone of every deleted trace
 * it named (trace_rewrites, clickhouse/0056: rows of before a deletion that reach the engine after
 * it) are deleted the same way. A failed purge is logged and never fails an insert, whose rows
 * are stored: the reads still leave the deleted rows out while nothing folds them.
 */
export class ClickHouseWriter implements TableWriter {
  /** Done once every deletion registered so far has masked its rows (or failed, logged). */
  private purged: Promise<void> = Promise.resolve();
  private readonly purgeStatements: string[];
  private readonly purgeBetweenStatements: string[];
  /**
   * Settling tombstones (decision 0090): only where this writer is the store's one writer (an
   * embedded store) and has been told where its log starts (opened); off for good once a batch
   * without its log position comes, as nothing then orders the tombstones against the rows.
   */
  private settles = false;
  /** The log's records up to here are committed in every table. */
  private committedLsn = 0;
  /** Tombstones not settled yet, in log order. */
  private unsettled: Unsettled[] = [];
  /** The mark stored (undefined until read or reset at start). */
  private settledUs: number | undefined;
  /** Whether the mark must go to 0 before anything is inserted: the log replays records. */
  private resetFirst = false;
  /** markKnown's one run. */
  private known: Promise<void> | undefined;
  private settling: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly opts: { cluster?: string; logger?: Logger } = {},
  ) {
    this.purgeStatements = purgeRewrittenTracesSql(opts.cluster);
    this.purgeBetweenStatements = purgeDeletedBetweenSql(opts.cluster);
  }

  /**
   * Settlement needs every row this store gets to come through this writer's log, so it runs on an
   * embedded store only (one process holds it); a server can have several writers, each with a log
   * of its own, and keeps every tombstone unsettled (the reads look every row up, as before).
   */
  opened(log: { committedLsn: number; lastLsn: number }): void {
    if (this.opts.cluster || this.db.mode !== 'embedded') return;
    this.settles = true;
    this.committedLsn = log.committedLsn;
    // Replayed records hold rows written before tombstones already settled, inserted again (the
    // checkpoint lags the commits): unsettle everything before the first of them goes in.
    this.resetFirst = log.lastLsn > log.committedLsn;
    // Tombstones stored before this start may not be settled (the last run stopped before it got
    // to them, or crashed): settled again once the replay is committed. Every one of them is older
    // than this process's next version, or at most the latest stored when it starts (markKnown).
    this.unsettled.push({ lsn: log.lastLsn, upToUs: nextVersion() });
    this.settleSoon();
  }

  committed(lsn: number): void {
    if (lsn <= this.committedLsn) return;
    this.committedLsn = lsn;
    this.settleSoon();
  }

  async insert(batch: InsertBatch): Promise<void> {
    if (this.settles) await this.markKnown();
    const watched = REWRITE_WATCHED_TABLES.has(batch.table);
    if (watched) await this.purged;
    if (batch.format === 'TabSeparated') {
      await this.db.insertText({
        table: batch.table,
        columns: [...batch.columns],
        format: batch.format,
        text: batch.data,
      });
    } else {
      await this.db.insertRowBinary({
        table: batch.table,
        columns: batch.columns,
        types: batch.types,
        data: batch.data,
      });
    }
    const dictionary = DICTIONARY_OF_TABLE[batch.table];
    if (dictionary) await this.db.writer.command({ query: `SYSTEM RELOAD DICTIONARY ${dictionary}` });
    if (batch.table === TABLES.traceDeletions) {
      const times = deletionTimesOf(batch.data);
      await this.purge(times);
      this.noteUnsettled(batch.lsn, times);
    } else if (watched) {
      await this.purge(await this.rewrittenTraces());
      await this.purged;
    }
  }

  async settle(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    await this.purged;
    await this.settling;
  }

  /**
   * Before this process inserts anything (every insert and settlement waits for it; one run, again
   * after a failure, which fails the insert: it is retried): reads the stored mark and the latest
   * tombstone stored (the tombstones of before this start reach up to it, past this process's
   * first version if the clock went back), and resets the mark to 0 when the log replays.
   */
  private markKnown(): Promise<void> {
    this.known ??= this.readMark().catch((err) => {
      this.known = undefined;
      throw err;
    });
    return this.known;
  }

  private async readMark(): Promise<void> {
    const marked = await this.db.writer.query({ query: SETTLED_US_SQL, format: 'JSONEachRow' });
    const settledUs = Number((await marked.json<{ settled_us: number | string }>())[0]?.settled_us ?? 0);
    const latest = await this.db.writer.query({ query: LATEST_TOMBSTONE_SQL, format: 'JSONEachRow' });
    const latestUs = Number((await latest.json<{ latest_us: number | string }>())[0]?.latest_us ?? 0);
    for (const u of this.unsettled) if ('upToUs' in u) u.upToUs = Math.max(u.upToUs, latestUs);
    if (this.resetFirst) {
      await this.db.writer.command({ query: MARK_SETTLED_SQL, query_params: { settledUs: 0, atUs: nextVersion() } });
      this.settledUs = 0;
    } else this.settledUs = settledUs;
  }

  private noteUnsettled(lsn: number | undefined, ranges: Map<string, DeletionTimes>): void {
    if (!this.settles || ranges.size === 0) return;
    if (lsn === undefined) {
      this.settles = false;
      this.unsettled = [];
      return;
    }
    let at = this.unsettled.length;
    while (at > 0 && this.unsettled[at - 1]!.lsn > lsn) at--;
    this.unsettled.splice(at, 0, { lsn, ranges });
    this.settleSoon();
  }

  /** Starts a settlement of what is committed, unless one runs (it looks again when done). */
  private settleSoon(): void {
    if (!this.settles || this.settling || this.closing) return;
    if (!this.unsettled.some((u) => u.lsn <= this.committedLsn)) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.settling = this.settleCommitted()
      .catch((err) => {
        this.opts.logger?.warn({ err }, 'cannot settle tombstones; the reads look every row up meanwhile');
        return false;
      })
      .then((done) => {
        this.settling = undefined;
        if (done) this.settleSoon();
        else if (!this.closing) this.retry = setTimeout(() => this.settleSoon(), SETTLE_RETRY_MS).unref();
      });
  }

  /**
   * Settles the tombstones whose records every table has committed (decision 0090): every row
   * written before them is in the tables now, and only rows written after them can come, so a
   * purge of their traces registered now, once done, leaves no row they hide unmasked. The purge
   * runs again here (the first, at their insert, can miss a row an insert was adding meanwhile),
   * and the mark moves once no purge is left to run. False when the purges were not done in time.
   */
  private async settleCommitted(): Promise<boolean> {
    await this.markKnown();
    const batches = this.unsettled.filter((u) => u.lsn <= this.committedLsn);
    if (batches.length === 0) return true;
    const ranges = new Map<string, DeletionTimes>();
    const widen = (project: string, t: DeletionTimes) => {
      const known = ranges.get(project);
      ranges.set(project, known ? { fromUs: Math.min(known.fromUs, t.fromUs), toUs: Math.max(known.toUs, t.toUs) } : t);
    };
    let upToUs = 0;
    for (const batch of batches) {
      if ('upToUs' in batch) {
        upToUs = Math.max(upToUs, batch.upToUs);
        if (batch.purgedAgain) continue;
        const result = await this.db.writer.query({
          query: TOMBSTONE_RANGES_SQL,
          query_params: { afterUs: this.settledUs ?? 0, upToUs: batch.upToUs },
          format: 'JSONEachRow',
        });
        for (const r of await result.json<{ project_id: string; fromUs: number | string; toUs: number | string }>())
          widen(r.project_id, { fromUs: Number(r.fromUs), toUs: Number(r.toUs) });
      } else {
        for (const t of batch.ranges.values()) upToUs = Math.max(upToUs, t.toUs);
        if (!batch.purgedAgain) for (const [project, t] of batch.ranges) widen(project, t);
      }
    }
    // A batch whose purges were registered by an attempt that then waited in vain is not purged
    // yet again: the registered mutations still run, and the wait below waits for them.
    for (const [project, times] of ranges) {
      for (const query of this.purgeBetweenStatements) {
        await this.db.writer.command({
          query,
          query_params: { project, ...times },
          clickhouse_settings: { lightweight_deletes_sync: '0' },
        });
      }
    }
    for (const batch of batches) batch.purgedAgain = true;
    if (!(await this.purgesDone(SETTLE_WAIT_MS))) return false;
    // Never past a tombstone still waiting (the log's order and the times' agree; this holds even
    // if they did not).
    const rest = this.unsettled.filter((u) => !batches.includes(u));
    for (const u of rest) {
      if ('upToUs' in u) upToUs = 0;
      else for (const t of u.ranges.values()) upToUs = Math.min(upToUs, t.fromUs - 1);
    }
    this.unsettled = rest;
    if (upToUs > (this.settledUs ?? 0)) {
      await this.db.writer.command({ query: MARK_SETTLED_SQL, query_params: { settledUs: upToUs, atUs: nextVersion() } });
      this.settledUs = upToUs;
      this.opts.logger?.debug({ settledUs: upToUs, batches: batches.length }, 'tombstones settled');
    }
    return true;
  }

  /**
   * Registers the deletion of the older rows of `traces`, by project: of the traces named, or of
   * those whose tombstones were written in the times given (an insert of tombstones); `purged`
   * waits for them.
   */
  private async purge(traces: Map<string, DeletionTimes | { ids: string[] }>): Promise<void> {
    if (traces.size === 0) return;
    try {
      for (const [project, deletions] of traces) {
        const byTime = 'fromUs' in deletions;
        for (const query of byTime ? this.purgeBetweenStatements : this.purgeStatements) {
          await this.db.writer.command({
            query,
            query_params: { project, ...deletions },
            clickhouse_settings: { lightweight_deletes_sync: '0' },
          });
        }
      }
    } catch (err) {
      this.opts.logger?.warn({ err }, "cannot delete deleted traces' older rows; the reads leave them out meanwhile");
      return;
    }
    const before = this.purged;
    this.purged = before.then(() => this.mutationsDone());
  }

  /** Waits until no purge of this database is left to run (on a cluster: registered is enough). */
  private async mutationsDone(): Promise<void> {
    if (this.opts.cluster) return;
    try {
      if (!(await this.purgesDone(PURGE_WAIT_MS)))
        this.opts.logger?.warn("deleted traces' rows are still being deleted; inserts go on");
    } catch (err) {
      this.opts.logger?.warn({ err }, "cannot tell whether deleted traces' rows are deleted; inserts go on");
    }
  }

  /**
   * Whether, within `waitMs`, no purge of this database is left to run. The bound covers the wait
   * for a reader too: while slow reads hold every reader, a poll queued behind them gives up at
   * the deadline like one that found the purges running.
   */
  private async purgesDone(waitMs: number): Promise<boolean> {
    const deadline = AbortSignal.timeout(waitMs);
    try {
      while (!deadline.aborted) {
        // On a reader: the writer's connection runs one statement at a time, and a poll there
        // every 25 ms would hold up the inserts it serves. Only the purges' own (they name the
        // tombstones' dictionary): a project's removal or another long mutation must not hold
        // the inserts up.
        const [pending] = await queryRows(this.db, {
          sql: 'SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND NOT is_done AND position(command, {dictionary:String}) > 0',
          params: { dictionary: TRACE_DELETIONS_DICTIONARY },
          tag: 'writer.purges_pending',
          signal: deadline,
          map: (r) => Number(r.n),
        });
        if ((pending ?? 0) === 0) return true;
        await sleep(PURGE_POLL_MS);
      }
    } catch (err) {
      if (!deadline.aborted) throw err;
    }
    return false;
  }

  /** The deleted traces that the inserts so far named again, by project (trace_rewrites). */
  private async rewrittenTraces(): Promise<Map<string, { ids: string[] }>> {
    const byProject = new Map<string, { ids: string[] }>();
    try {
      const result = await this.db.writer.query({
        query: PENDING_REWRITES_SQL,
        query_params: { limit: PURGE_BATCH },
        format: 'JSONEachRow',
      });
      for (const r of await result.json<{ project_id: string; trace_id: string }>()) {
        const entry = byProject.get(r.project_id) ?? { ids: [] };
        entry.ids.push(r.trace_id);
        byProject.set(r.project_id, entry);
      }
    } catch (err) {
      this.opts.logger?.warn({ err }, 'cannot read the deleted traces written again; the next insert tries again');
    }
    return byProject;
  }
}
