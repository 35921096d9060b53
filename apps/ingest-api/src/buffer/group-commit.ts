import { ApiError } from '@spanhouse/http';
import type { Logger } from 'pino';

export type GroupCommitOptions<Row> = {
  /** Table name, for logs and metrics. */
  name: string;
  /** Inserts one batch; throws when ClickHouse did not commit it. */
  write: (rows: Row[]) => Promise<void>;
  /** Rows held (waiting + being written) before new requests are refused. */
  maxRows: number;
  /**
   * Approximate bytes held before new requests are refused: rows differ in size by orders of
   * magnitude (a generation can carry megabytes of prompt), so a row count alone does not bound
   * memory. Needs `sizeOf`.
   */
  maxBytes?: number;
  /** Approximate in-memory size of one row, in bytes. */
  sizeOf?: (row: Row) => number;
  /**
   * Table rows one item stands for (default 1): an item may be a pre-encoded chunk of many rows
   * (metric samples). Every limit and threshold below counts table rows.
   */
  countOf?: (row: Row) => number;
  /** A flush starts as soon as this many rows wait... */
  flushRows: number;
  /**
   * ...or once this long has passed since the previous flush started: at most one insert per
   * interval below flushRows, and a row waits at most this long plus an insert in flight.
   */
  flushIntervalMs: number;
  /** A request whose rows are not committed by then gets 503 (its rows stay queued and retried). */
  commitTimeoutMs: number;
  /**
   * A failing batch whose requests have all been answered 503 is dropped after failing this
   * long (default 4 x commitTimeoutMs, at least 60 s). Its clients were told to retry, so nothing
   * acknowledged is lost; without this, a batch that fails for a reason no retry fixes (an error
   * code we did not know to be permanent) would block the buffer forever.
   */
  abandonAfterMs?: number;
  logger?: Logger;
  /** True for errors that retrying cannot fix (bad rows); see isPermanentInsertError. */
  isPermanent?: (err: unknown) => boolean;
  /** Observability hooks (issue 5 wires Prometheus metrics here). */
  onFlush?: (info: { table: string; rows: number; ms: number; ok: boolean }) => void;
};

/** A request waiting for its rows, which are `rows[from, to)` of its batch. */
type Waiter = {
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout | undefined;
  settled: boolean;
  from: number;
  to: number;
};
/** `rows` are items; `count` is the table rows they stand for (see countOf). */
type Batch<Row> = { rows: Row[]; waiters: Waiter[]; bytes: number; count: number };

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * Group commit for one table. Requests add rows and wait; one insert writes all the rows that
 * accumulated, and only then do their requests resolve (so a 200 means committed, and a process
 * killed at any moment loses nothing that was acknowledged). At most one insert is in flight;
 * a failed insert is retried with backoff until it succeeds or the buffer is closed.
 *
 * Contract of `add`: resolves once every given row is committed; rejects with ApiError
 * 429 (buffer full), 503 (storage failing past the deadline, or shutting down) or
 * 413 (more rows than the buffer can ever hold). A rejected request may still have its rows
 * committed later; retries are safe because every table dedupes by id.
 */
export class GroupCommitBuffer<Row> {
  private open: Batch<Row> = emptyBatch();
  private inFlight: Batch<Row> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the last flush started (ms); inserts are spaced by flushIntervalMs from it. */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private closing = false;
  private failing = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly opts: GroupCommitOptions<Row>) {}

  /** Rows held in memory: waiting plus being written. */
  get depth(): number {
    return this.open.count + (this.inFlight?.count ?? 0);
  }

  /** Approximate bytes held (0 without `sizeOf`). */
  get bytes(): number {
    return this.open.bytes + (this.inFlight?.bytes ?? 0);
  }

  /** True while inserts are failing (storage down); cleared by the next successful insert. */
  get unhealthy(): boolean {
    return this.failing;
  }

  /** Why `rows` more rows cannot be taken now, or undefined if they can. */
  refusal(rows: number, bytes = 0): ApiError | undefined {
    if (this.closing) return new ApiError('SERVICE_UNAVAILABLE', 'shutting down; retry against another instance', 5);
    if (rows > this.opts.maxRows) {
      return new ApiError(
        'PAYLOAD_TOO_LARGE',
        `${rows} ${this.opts.name} rows in one request; at most ${this.opts.maxRows}`,
      );
    }
    const maxBytes = this.opts.maxBytes ?? Number.POSITIVE_INFINITY;
    if (bytes > maxBytes) {
      return new ApiError('PAYLOAD_TOO_LARGE', `${this.opts.name} rows of this request exceed the ingest buffer`);
    }
    if (this.depth + rows > this.opts.maxRows || this.bytes + bytes > maxBytes) {
      return this.failing
        ? new ApiError('SERVICE_UNAVAILABLE', 'storage is unavailable; rows are queued for retry', 5)
        : new ApiError('TOO_MANY_REQUESTS', `ingest buffer for ${this.opts.name} is full; retry later`, 1);
    }
    return undefined;
  }

  /** Table rows that `rows` stand for (see countOf). */
  countOf(rows: Row[]): number {
    const count = this.opts.countOf;
    if (!count) return rows.length;
    let total = 0;
    for (const row of rows) total += count(row);
    return total;
  }

  /** Approximate bytes of `rows` (0 without `sizeOf`). */
  sizeOf(rows: Row[]): number {
    const size = this.opts.sizeOf;
    if (!size) return 0;
    let total = 0;
    for (const row of rows) total += size(row);
    return total;
  }

  /** `bytes` and `count` may be passed when the caller already measured `rows` with `sizeOf`/`countOf`. */
  add(rows: Row[], bytes = this.sizeOf(rows), count = this.countOf(rows)): Promise<void> {
    const refused = this.refusal(count, bytes);
    if (refused) return Promise.reject(refused);
    if (count === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const batch = this.open;
      const waiter: Waiter = { resolve, reject, timer: undefined, settled: false, from: batch.rows.length, to: 0 };
      waiter.timer = setTimeout(() => {
        if (waiter.settled) return;
        waiter.settled = true;
        reject(new ApiError('SERVICE_UNAVAILABLE', 'storage did not commit the rows in time; retry', 5));
      }, this.opts.commitTimeoutMs);
      for (const row of rows) batch.rows.push(row);
      batch.bytes += bytes;
      batch.count += count;
      waiter.to = batch.rows.length;
      batch.waiters.push(waiter);
      this.schedule();
    });
  }

  /** Stops taking rows, writes everything held, resolves when empty (or after `timeoutMs`). */
  async close(timeoutMs = 30_000): Promise<boolean> {
    this.closing = true;
    this.schedule();
    if (this.depth === 0) return true;
    return new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  private schedule(): void {
    if (this.inFlight || this.open.count === 0) {
      if (!this.inFlight && this.open.count === 0) this.notifyIdle();
      return;
    }
    const bigBatch = this.opts.maxBytes !== undefined && this.open.bytes >= this.opts.maxBytes / 4;
    if (this.closing || bigBatch || this.open.count >= this.opts.flushRows) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer) {
      // The interval spaces inserts rather than holding every first row back: a request after a
      // quiet spell is written on the next turn of the event loop (with whatever else arrived in
      // that turn), while under steady traffic rows gather until an interval after the previous
      // insert began. Clients that wait for their answer before sending again (OTLP exporters)
      // then lose no interval on top of the insert itself, and inserts stay at most one per
      // interval per table, as with a fixed wait.
      const wait = Math.max(0, this.lastFlushAt + this.opts.flushIntervalMs - Date.now());
      this.timer = setTimeout(() => {
        this.timer = undefined;
        // While an insert is in flight, its end calls schedule() again.
        if (!this.inFlight && this.open.count > 0) void this.flush();
      }, wait);
    }
  }

  private async flush(): Promise<void> {
    const batch = this.open;
    this.open = emptyBatch();
    this.inFlight = batch;
    this.lastFlushAt = Date.now();
    const outcome = await this.writeWithRetry(batch.rows, batch.count, batch.waiters);
    if (outcome === 'ok') {
      for (const w of batch.waiters) settle(w);
    } else if (batch.waiters.length === 1) {
      settle(batch.waiters[0]!, outcome);
    } else {
      // Some request carried rows ClickHouse refuses: write each request's rows on its own so
      // only that request fails.
      for (const w of batch.waiters) {
        const own = batch.rows.slice(w.from, w.to);
        const result = await this.writeWithRetry(own, this.countOf(own), [w]);
        settle(w, result === 'ok' ? undefined : result);
      }
    }
    this.inFlight = undefined;
    this.schedule();
  }

  /** Writes until committed ('ok') or refused for good (the error). Transient failures retry with backoff. */
  private async writeWithRetry(rows: Row[], count: number, waiters: Waiter[]): Promise<'ok' | Error> {
    let delay = RETRY_MIN_MS;
    const abandonAfter = this.opts.abandonAfterMs ?? Math.max(60_000, 4 * this.opts.commitTimeoutMs);
    const firstTry = Date.now();
    for (;;) {
      if (Date.now() - firstTry > abandonAfter && waiters.every((w) => w.settled)) {
        this.opts.logger?.error(
          { table: this.opts.name, rows: count, failingForMs: Date.now() - firstTry },
          'dropping a batch that kept failing; every request in it was answered 503 and may retry',
        );
        return new ApiError('SERVICE_UNAVAILABLE', 'storage did not commit the rows; retry', 5);
      }
      const start = performance.now();
      try {
        await this.opts.write(rows);
        this.opts.onFlush?.({ table: this.opts.name, rows: count, ms: performance.now() - start, ok: true });
        if (this.failing) this.opts.logger?.info({ table: this.opts.name }, 'storage writes recovered');
        this.failing = false;
        return 'ok';
      } catch (err) {
        this.opts.onFlush?.({ table: this.opts.name, rows: count, ms: performance.now() - start, ok: false });
        if (this.opts.isPermanent?.(err)) {
          this.opts.logger?.error({ err, table: this.opts.name, rows: count }, 'insert refused by ClickHouse');
          return new ApiError('INTERNAL_ERROR', `storage refused the ${this.opts.name} rows of this request`);
        }
        this.failing = true;
        this.opts.logger?.warn(
          { err, table: this.opts.name, rows: count, retryInMs: delay },
          'insert failed; retrying',
        );
        // Jitter (75-100% of the delay): ingest processes that lost ClickHouse together do not
        // all retry in the same instant when it comes back.
        await new Promise((r) => setTimeout(r, delay * (0.75 + Math.random() / 4)));
        delay = Math.min(RETRY_MAX_MS, delay * 2);
      }
    }
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

function emptyBatch<Row>(): Batch<Row> {
  return { rows: [], waiters: [], bytes: 0, count: 0 };
}

function settle(w: Waiter, err?: Error): void {
  if (w.timer) clearTimeout(w.timer);
  if (w.settled) return;
  w.settled = true;
  if (err) w.reject(err);
  else w.resolve();
}
