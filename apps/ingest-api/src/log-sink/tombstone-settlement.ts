import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@spanhouse/db';
import {
  type DeletionTimes,
  LATEST_TOMBSTONE_SQL,
  MARK_SETTLED_SQL,
  nextVersion,
  SETTLED_US_SQL,
  TOMBSTONE_RANGES_SQL,
  TRACE_ROW_TABLES,
  widenDeletionTimes,
} from '@spanhouse/store';
import type { Logger } from 'pino';

/** How long a settlement waits for its purges at most before trying again later (decision 0090). */
const SETTLE_WAIT_MS = 60_000;
const SETTLE_RETRY_MS = 1_000;
/**
 * How often a settlement checks its purges: nothing waits for it but the reads' shortcut, so it
 * polls a reader far less often than an insert waiting for a purge does.
 */
const SETTLE_POLL_MS = 250;
/**
 * A settlement starts once no tombstones have come for this long, or once the oldest waiting has
 * waited SETTLE_MAX_DELAY_MS: its DELETEs write whole parts again (decision 0093), so a burst of
 * deletions is purged by one set after it, and its own inserts do not share the engine with them.
 */
const SETTLE_QUIET_MS = 1_000;
const SETTLE_MAX_DELAY_MS = 30_000;

/**
 * Tombstones waiting to be settled (decision 0090): those of an insert of tombstones, by project,
 * or (`upToUs`) every tombstone stored when the writer started, up to that time.
 */
type Unsettled = ({ ranges: Map<string, DeletionTimes> } | { upToUs: number }) & {
  lsn: number;
  /** When it was noted (Date.now()). */
  notedAtMs: number;
  /** Its purge was registered once its records were committed (settleCommitted). */
  purgedCommitted?: boolean;
  /** The trace tables where it is settled already (decision 0095): their purges were done first. */
  settledIn: Set<string>;
};

/**
 * The settlement of tombstones (decision 0090), for the writer that inserts them
 * (ClickHouseWriter owns one and tells it what the log commits): follows the log's committed
 * position, registers the purge of the committed tombstones' traces, and once no purge is left to
 * run in a table moves that table's stored mark (`settled_us`) up to them, so the reads of that
 * table skip the per-row lookup of a project whose tombstones are all settled there (each table's
 * mark as soon as its own purges are done: decision 0095). Where it settles, the writer registers
 * no purge of its own at the tombstones' insert unless an insert into a trace table comes first
 * (decision 0093): a burst of deletions is then purged by one settlement's DELETEs, not by a set
 * per insert.
 *
 * What it needs of the writer comes through its constructor: the writer's database, its
 * registration of the purges of the traces tombstoned in a time range (`purgeDeletedBetweenSql`;
 * `upToLsn`: the log position of the last tombstones they cover, whose own purge the writer then
 * need not register), and `pendingPurgeTables`, the tables where a purge is still to run (it may
 * throw when it cannot tell).
 */
export class TombstoneSettlement {
  /**
   * Settling tombstones (decision 0090): only where this writer is the store's one writer (an
   * embedded store) and has been told where its log starts (opened); off for good once a batch
   * without its log position comes, as nothing then orders the tombstones against the rows.
   */
  private settles = false;
  /**
   * Inserts of tombstones not settled yet (and the tombstones stored before this start, until the
   * first settlement): the reads of their projects look every row up meanwhile. Undefined where
   * this writer does not settle (a server), where every tombstone stays unsettled.
   */
  get unsettledBatches(): number | undefined {
    return this.settles ? this.unsettled.length : undefined;
  }

  /** Of those, the ones not settled in the trace table `table` yet (its reads look their rows up). */
  unsettledBatchesIn(table: string): number | undefined {
    return this.settles ? this.unsettled.filter((u) => !u.settledIn.has(table)).length : undefined;
  }

  /** The log's records up to here are committed in every table. */
  private committedLsn = 0;
  /** Tombstones not settled yet, in log order. */
  private unsettled: Unsettled[] = [];
  /** The mark stored per trace table (unknown until read or reset at start; 0 where none is). */
  private settledUs: Map<string, number> | undefined;
  /** Whether the mark must go to 0 before anything is inserted: the log replays records. */
  private resetFirst = false;
  /** markKnown's one run. */
  private known: Promise<void> | undefined;
  private settling: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  /**
   * Aborted by stop: a settlement waiting for its purges (a minute at most) gives up, and the
   * mark stays; the next start settles those tombstones again.
   */
  private readonly stopping = new AbortController();
  /** When the last insert of tombstones was noted (Date.now()). */
  private lastNotedMs = 0;
  private closing = false;

  constructor(
    private readonly deps: {
      db: Db;
      cluster?: string;
      logger?: Logger;
      /**
       * Registers the purges of the traces tombstoned in these times, by project (the writer's),
       * those of the tombstones up to the log's `upToLsn`.
       */
      registerPurges: (ranges: Map<string, DeletionTimes>, upToLsn: number) => Promise<void>;
      /** The tables where a purge is still to run. */
      pendingPurgeTables: (signal: AbortSignal) => Promise<Set<string>>;
    },
  ) {}

  /** Whether tombstones are being settled: the writer's every insert then waits for markKnown. */
  get active(): boolean {
    return this.settles;
  }

  /**
   * Settlement needs every row this store gets to come through this writer's log, so it runs on an
   * embedded store only (one process holds it); a server can have several writers, each with a log
   * of its own, and keeps every tombstone unsettled (the reads look every row up, as before).
   */
  opened(log: { committedLsn: number; lastLsn: number }): void {
    if (this.deps.cluster || this.deps.db.mode !== 'embedded') return;
    this.settles = true;
    this.committedLsn = log.committedLsn;
    // Replayed records hold rows written before tombstones already settled, inserted again (the
    // checkpoint lags the commits): unsettle everything before the first of them goes in.
    this.resetFirst = log.lastLsn > log.committedLsn;
    // Tombstones stored before this start may not be settled (the last run stopped before it got
    // to them, or crashed): settled again once the replay is committed. Every one of them is older
    // than this process's next version, or at most the latest stored when it starts (markKnown).
    this.unsettled.push({ lsn: log.lastLsn, upToUs: nextVersion(), notedAtMs: Date.now(), settledIn: new Set() });
    this.settleSoon();
  }

  committed(lsn: number): void {
    if (lsn <= this.committedLsn) return;
    this.committedLsn = lsn;
    this.settleSoon();
  }

  /**
   * Stops starting settlements (the writer is closing); resolves once the one running, if any,
   * has ended.
   */
  async stop(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    this.stopping.abort();
    await this.settling;
  }

  /**
   * Before this process inserts anything (every insert and settlement waits for it; one run, again
   * after a failure, which fails the insert: it is retried): reads the stored mark and the latest
   * tombstone stored (the tombstones of before this start reach up to it, past this process's
   * first version if the clock went back), and resets the mark to 0 when the log replays.
   */
  markKnown(): Promise<void> {
    this.known ??= this.readMark().catch((err) => {
      this.known = undefined;
      throw err;
    });
    return this.known;
  }

  private async readMark(): Promise<void> {
    const marked = await this.deps.db.writer.query({ query: SETTLED_US_SQL, format: 'JSONEachRow' });
    const marks = new Map<string, number>();
    for (const r of await marked.json<{ table_name: string; settled_us: number | string }>())
      marks.set(r.table_name, Number(r.settled_us));
    const latest = await this.deps.db.writer.query({ query: LATEST_TOMBSTONE_SQL, format: 'JSONEachRow' });
    const latestUs = Number((await latest.json<{ latest_us: number | string }>())[0]?.latest_us ?? 0);
    for (const u of this.unsettled) if ('upToUs' in u) u.upToUs = Math.max(u.upToUs, latestUs);
    if (this.resetFirst) {
      for (const table of TRACE_ROW_TABLES) await this.mark(table, 0);
      this.settledUs = new Map();
    } else this.settledUs = marks;
  }

  /** Stores `settledUs` as the mark of `table`. */
  private async mark(table: string, settledUs: number): Promise<void> {
    await this.deps.db.writer.command({
      query: MARK_SETTLED_SQL,
      query_params: { table, settledUs, atUs: nextVersion() },
    });
  }

  /** The time up to which every tombstone is settled in every trace table. */
  private settledEverywhereUs(): number {
    return Math.min(...TRACE_ROW_TABLES.map((t) => this.settledUs?.get(t) ?? 0));
  }

  /**
   * Notes an insert of tombstones (its batch's last log position, their times by project) as
   * unsettled, once they are in the dictionary the reads look up.
   */
  noteUnsettled(lsn: number | undefined, ranges: Map<string, DeletionTimes>): void {
    if (!this.settles || ranges.size === 0) return;
    if (lsn === undefined) {
      this.settles = false;
      this.unsettled = [];
      return;
    }
    let at = this.unsettled.length;
    while (at > 0 && this.unsettled[at - 1]!.lsn > lsn) at--;
    this.lastNotedMs = Date.now();
    this.unsettled.splice(at, 0, { lsn, ranges, notedAtMs: this.lastNotedMs, settledIn: new Set() });
    this.settleSoon();
  }

  /**
   * Starts a settlement of what is committed, unless one runs (it looks again when done), or once
   * the tombstones have stopped coming for SETTLE_QUIET_MS (or the oldest committed waited
   * SETTLE_MAX_DELAY_MS).
   */
  private settleSoon(): void {
    if (!this.settles || this.settling || this.closing) return;
    const oldest = this.unsettled.find((u) => u.lsn <= this.committedLsn);
    if (!oldest) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    const now = Date.now();
    const wait = Math.min(this.lastNotedMs + SETTLE_QUIET_MS, oldest.notedAtMs + SETTLE_MAX_DELAY_MS) - now;
    if (wait > 0) {
      this.retry = setTimeout(() => this.settleSoon(), wait).unref();
      return;
    }
    this.settling = this.settleCommitted()
      .catch((err) => {
        this.deps.logger?.warn({ err }, 'cannot settle tombstones; the reads look every row up meanwhile');
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
   * runs here even where the writer registered one at their insert (that one can miss a row an
   * insert was adding meanwhile). A table's mark moves once no purge is left to run in it, before
   * the others' (decision 0095): the trace rows' DELETEs take a second where the observation
   * pieces' take minutes. False when a table's purges were not done in time.
   */
  private async settleCommitted(): Promise<boolean> {
    await this.markKnown();
    const batches = this.unsettled.filter((u) => u.lsn <= this.committedLsn);
    if (batches.length === 0) return true;
    const ranges = new Map<string, DeletionTimes>();
    let upToUs = 0;
    let upToLsn = 0;
    for (const batch of batches) {
      upToLsn = Math.max(upToLsn, batch.lsn);
      if ('upToUs' in batch) {
        upToUs = Math.max(upToUs, batch.upToUs);
        if (batch.purgedCommitted) continue;
        const result = await this.deps.db.writer.query({
          query: TOMBSTONE_RANGES_SQL,
          query_params: { afterUs: this.settledEverywhereUs(), upToUs: batch.upToUs },
          format: 'JSONEachRow',
        });
        for (const r of await result.json<{ project_id: string; fromUs: number | string; toUs: number | string }>())
          widenDeletionTimes(ranges, r.project_id, { fromUs: Number(r.fromUs), toUs: Number(r.toUs) });
      } else {
        for (const t of batch.ranges.values()) upToUs = Math.max(upToUs, t.toUs);
        if (!batch.purgedCommitted) for (const [project, t] of batch.ranges) widenDeletionTimes(ranges, project, t);
      }
    }
    // A batch whose purges were registered by an attempt that then waited in vain is not purged
    // yet again: the registered mutations still run, and the wait below waits for them.
    await this.deps.registerPurges(ranges, upToLsn);
    for (const batch of batches) batch.purgedCommitted = true;
    const waiting = new Set(TRACE_ROW_TABLES.filter((t) => batches.some((b) => !b.settledIn.has(t))));
    const deadline = AbortSignal.any([AbortSignal.timeout(SETTLE_WAIT_MS), this.stopping.signal]);
    try {
      while (waiting.size > 0) {
        const pending = await this.deps.pendingPurgeTables(deadline);
        for (const table of waiting) {
          if (pending.has(table)) continue;
          await this.markUpTo(table, upToUs, batches);
          for (const batch of batches) batch.settledIn.add(table);
          waiting.delete(table);
        }
        if (waiting.size > 0) await sleep(SETTLE_POLL_MS, undefined, { signal: deadline });
      }
    } catch (err) {
      if (deadline.aborted) return false;
      throw err;
    }
    this.unsettled = this.unsettled.filter((u) => !batches.includes(u));
    this.deps.logger?.debug({ settledUs: this.settledEverywhereUs(), batches: batches.length }, 'tombstones settled');
    return true;
  }

  /**
   * Moves the mark of `table`, whose purges of `batches` are done, up to `upToUs`, their latest
   * tombstone: never past a tombstone still waiting (the log's order and the times' agree; this
   * holds even if they did not).
   */
  private async markUpTo(table: string, upToUs: number, batches: Unsettled[]): Promise<void> {
    let limit = upToUs;
    for (const u of this.unsettled) {
      if (batches.includes(u)) continue;
      if ('upToUs' in u) limit = 0;
      else for (const t of u.ranges.values()) limit = Math.min(limit, t.fromUs - 1);
    }
    if (limit <= (this.settledUs?.get(table) ?? 0)) return;
    await this.mark(table, limit);
    this.settledUs?.set(table, limit);
  }
}
