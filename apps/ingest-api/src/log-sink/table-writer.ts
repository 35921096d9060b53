import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, queryRows } from '@spanhouse/db';
import {
  type DeletionTimes,
  DICTIONARY_OF_TABLE,
  deletionTimesOf,
  PENDING_REWRITES_SQL,
  purgeDeletedBetweenSql,
  purgeRewrittenTracesSql,
  REWRITE_WATCHED_TABLES,
  TABLES,
  TRACE_DELETIONS_DICTIONARY,
  widenDeletionTimes,
} from '@spanhouse/store';
import type { Logger } from 'pino';
import { TombstoneSettlement } from './tombstone-settlement.ts';

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
 *
 * The tombstones it inserts are settled (decision 0090) by the TombstoneSettlement it owns
 * (tombstone-settlement.ts): it passes on where the log starts (opened) and what every table has
 * committed (committed), has every insert wait until the settlement knows the stored mark, notes
 * each insert of tombstones, lends the settlement its purges' registration and the tables where
 * they still run (pendingPurgeTables), and stops it on closing (settle). Where the settlement runs (an embedded store), an insert of
 * tombstones registers no purge (decision 0093): the settlement's, once the tombstones' records are
 * committed, masks every row they hide, and an insert into a table that folds a trace's rows first
 * registers the purges of the tombstones inserted before it that no settlement has covered yet, so
 * the order above holds. A burst of deletions then costs the engine the DELETEs of a few
 * settlements rather than a set per insert of tombstones.
 */
export class ClickHouseWriter implements TableWriter {
  /**
   * Registrations of purges so far, and up to which of them an insert has waited for (until no
   * purge was left to run, or PURGE_WAIT_MS): an insert into a trace table waits only for purges
   * registered since, and only while it is there to wait (`purgesWaited`).
   */
  private registeredPurges = 0;
  private waitedPurges = 0;
  private waitingForPurges: Promise<void> | undefined;
  /**
   * Inserts of tombstones whose purge is not registered yet, in log order (where the settlement
   * runs: decision 0093): registered by the next insert into a trace table, or by the settlement.
   */
  private unpurged: { lsn: number; times: Map<string, DeletionTimes> }[] = [];
  /** The registrations of purges, one at a time (registerInTurn). */
  private registering: Promise<unknown> = Promise.resolve();
  private readonly purgeStatements: string[];
  private readonly purgeBetweenStatements: string[];
  /** The settlement of the tombstones this writer inserts (decision 0090). */
  private readonly settlement: TombstoneSettlement;

  /** TombstoneSettlement.unsettledBatches: for the self-metrics. */
  get unsettledTombstoneBatches(): number | undefined {
    return this.settlement.unsettledBatches;
  }

  /** TombstoneSettlement.unsettledBatchesIn: for the self-metrics. */
  unsettledTombstoneBatchesIn(table: string): number | undefined {
    return this.settlement.unsettledBatchesIn(table);
  }

  constructor(
    private readonly db: Db,
    private readonly opts: { cluster?: string; logger?: Logger } = {},
  ) {
    this.purgeStatements = purgeRewrittenTracesSql(opts.cluster);
    this.purgeBetweenStatements = purgeDeletedBetweenSql(opts.cluster);
    this.settlement = new TombstoneSettlement({
      db,
      cluster: opts.cluster,
      logger: opts.logger,
      registerPurges: (ranges, upToLsn) =>
        this.registerInTurn(async () => {
          if (ranges.size > 0) {
            await this.registerPurges(ranges);
            this.registeredPurges++;
          }
          this.unpurged = this.unpurged.filter((u) => u.lsn > upToLsn);
        }),
      pendingPurgeTables: (signal) => this.pendingPurgeTables(signal),
    });
  }

  opened(log: { committedLsn: number; lastLsn: number }): void {
    this.settlement.opened(log);
  }

  committed(lsn: number): void {
    this.settlement.committed(lsn);
  }

  async insert(batch: InsertBatch): Promise<void> {
    if (this.settlement.active) await this.settlement.markKnown();
    const watched = REWRITE_WATCHED_TABLES.has(batch.table);
    if (watched) {
      await this.registerUnpurged();
      await this.purgesWaited();
    }
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
      this.settlement.noteUnsettled(batch.lsn, times);
      this.unpurged.push({ lsn: batch.lsn ?? 0, times });
      // Where the settlement runs, its DELETEs (or those of the next trace table's insert) cover these.
      if (!this.settlement.active) await this.registerUnpurged();
    } else if (watched) {
      const rewritten = await this.rewrittenTraces();
      await this.registerInTurn(() => this.purge(rewritten));
      await this.purgesWaited();
    }
  }

  /**
   * Nothing of the inserts runs in the background (their wait for purges is taken by the inserts
   * themselves); the settlement stops, its wait for purges cut short.
   */
  async settle(): Promise<void> {
    await this.settlement.stop();
  }

  /**
   * Runs `register` after the registrations started before it: an insert into a trace table that
   * waits for the purges of the tombstones before it then also waits for a registration the
   * settlement is making of them, so no DELETE of those is registered after its rows.
   */
  private registerInTurn(register: () => Promise<void>): Promise<void> {
    const turn = this.registering.then(register);
    this.registering = turn.catch(() => {});
    return turn;
  }

  /** Registers the purges of the tombstones inserted so far that none covers yet, as one set of DELETEs. */
  private registerUnpurged(): Promise<void> {
    return this.registerInTurn(async () => {
      if (this.unpurged.length === 0) return;
      const times = new Map<string, DeletionTimes>();
      for (const u of this.unpurged) for (const [project, t] of u.times) widenDeletionTimes(times, project, t);
      this.unpurged = [];
      await this.purge(times);
    });
  }

  /**
   * Registers the deletion of the older rows of `traces`, by project: of the traces named, or of
   * those whose tombstones were written in the times given; `purgesWaited` waits for them. A
   * failure is logged: the reads leave the rows out meanwhile (and a settlement, where one runs,
   * purges them again).
   */
  private async purge(traces: Map<string, DeletionTimes | { ids: string[] }>): Promise<void> {
    if (traces.size === 0) return;
    try {
      await this.registerPurges(traces);
    } catch (err) {
      this.opts.logger?.warn({ err }, "cannot delete deleted traces' older rows; the reads leave them out meanwhile");
      return;
    }
    this.registeredPurges++;
  }

  /**
   * Resolves once the purges registered so far are done, or were waited for PURGE_WAIT_MS by this
   * or an earlier insert (purges registered later are waited for by the inserts after them).
   */
  private async purgesWaited(): Promise<void> {
    const registered = this.registeredPurges;
    while (this.waitedPurges < registered) {
      this.waitingForPurges ??= this.waitForPurges().finally(() => {
        this.waitingForPurges = undefined;
      });
      await this.waitingForPurges;
    }
  }

  private async waitForPurges(): Promise<void> {
    const registered = this.registeredPurges;
    await this.mutationsDone();
    this.waitedPurges = Math.max(this.waitedPurges, registered);
  }

  /**
   * Registers (does not wait for) the DELETEs of the older rows of `traces`, by project: of the
   * traces named, or of those whose tombstones were written in the times given.
   */
  private async registerPurges(traces: Map<string, DeletionTimes | { ids: string[] }>): Promise<void> {
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
   * for a reader too: while slow reads hold every reader, a poll queued behind them gives up at the
   * deadline like one that found the purges running.
   */
  private async purgesDone(waitMs: number): Promise<boolean> {
    const deadline = AbortSignal.timeout(waitMs);
    try {
      while (!deadline.aborted) {
        if ((await this.pendingPurgeTables(deadline)).size === 0) return true;
        await sleep(PURGE_POLL_MS, undefined, { signal: deadline });
      }
    } catch (err) {
      if (!deadline.aborted) throw err;
    }
    return false;
  }

  /**
   * The tables of this database where a purge is left to run. On a reader: the writer's connection
   * runs one statement at a time, and a poll there every 25 ms would hold up the inserts it serves.
   * Only the purges' own (they name the tombstones' dictionary): a project's removal or another
   * long mutation must not hold the inserts up.
   */
  private async pendingPurgeTables(signal: AbortSignal): Promise<Set<string>> {
    const tables = await queryRows(this.db, {
      sql: 'SELECT DISTINCT table FROM system.mutations WHERE database = currentDatabase() AND NOT is_done AND position(command, {dictionary:String}) > 0',
      params: { dictionary: TRACE_DELETIONS_DICTIONARY },
      tag: 'writer.purges_pending',
      signal,
      map: (r) => String(r.table),
    });
    return new Set(tables);
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
