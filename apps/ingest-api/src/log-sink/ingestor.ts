import type { LogChunk } from '@spanhouse/ingest-log';
import type { TableEncoding, TableRows } from '@spanhouse/store';

/**
 * Where acknowledged rows go: durable on `append`, in ClickHouse some time later. The local
 * write-ahead log is one implementation (LocalIngestLog); a distributed log that ClickHouse
 * consumes (Kafka, Redpanda) would be another, behind the same two calls.
 */
export type IngestLog = {
  /** Resolves with a receipt once the chunks are durable; rejects with the log's own errors. */
  append(chunks: LogChunk[]): Promise<number>;
  /** Resolves once the rows of `receipt` for `tables` are committed in ClickHouse; rejects past `timeoutMs`. */
  waitCommitted(receipt: number, tables: string[], timeoutMs: number): Promise<void>;
  /**
   * True while answers should wait for their rows' commit to slow clients to the writer's pace;
   * `storing` is how many requests are being stored now, this one included.
   */
  pacing?(storing: number): boolean;
};

export type IngestorHooks = {
  /** A request's rows for `table` are durable (acknowledged). */
  onAccepted?: (table: string, rows: number) => void;
  /** A request's rows for `table` were refused; `reason` is the error's name. */
  onRejected?: (table: string, rows: number, reason: string) => void;
  /** Throws to refuse a request before anything of it is appended (the disk guard). */
  beforeAppend?: () => void;
  /** A durable answer waits for its commit because the writer lags (pacing). */
  onPaced?: () => void;
  /**
   * A request's rows for `table` that say from when they change reads placed in time
   * (EncodedRows.changesFromUs) are committed, or their wait ended with the log.
   */
  onCommitted?: (table: string, fromUs: number) => void;
};

/** What a durable submission can be waited on with (`waitCommitted`). */
export type Receipt = { lsn: number; tables: string[] };

/**
 * The one entry of every ingest path. Knows each table's columns from when it was built; takes a
 * request's encoded rows as one chunk per table and resolves once they are durable, with a
 * receipt to wait for their commit (read-your-writes). Throws the log's errors as they are: the
 * routes decide what they mean to a client.
 */
export class Ingestor {
  constructor(
    private readonly log: IngestLog,
    private readonly tables: Readonly<Record<string, TableEncoding>>,
    private readonly commitTimeoutMs: number,
    private readonly hooks: IngestorHooks = {},
    /** The longest a paced answer waits for its commit before answering as durable. */
    private readonly paceTimeoutMs = commitTimeoutMs,
  ) {}

  /** Requests between the start of `store` and its answer. */
  private storing = 0;

  /** Resolves once the rows are durable; undefined when there were none. */
  async submit(rows: TableRows): Promise<Receipt | undefined> {
    const chunks: LogChunk[] = [];
    for (const [table, encoded] of Object.entries(rows)) {
      if (!encoded || encoded.rows === 0) continue;
      const encoding = encoded.encoding ?? this.tables[table];
      if (!encoding) throw new Error(`no encoding is known for table ${table}`);
      chunks.push(
        encoding.format === 'RowBinary'
          ? {
              table,
              columns: encoding.columns,
              format: 'RowBinary',
              types: encoding.types,
              rows: encoded.rows,
              data: encoded.bytes,
            }
          : { table, columns: encoding.columns, format: encoding.format, rows: encoded.rows, data: encoded.bytes },
      );
    }
    if (chunks.length === 0) return undefined;
    let lsn: number;
    try {
      this.hooks.beforeAppend?.();
      lsn = await this.log.append(chunks);
    } catch (err) {
      for (const c of chunks) this.hooks.onRejected?.(c.table, c.rows, (err as Error).name ?? 'Error');
      throw err;
    }
    for (const c of chunks) this.hooks.onAccepted?.(c.table, c.rows);
    return { lsn, tables: chunks.map((c) => c.table) };
  }

  /**
   * Stores a request's rows: resolves once they are durable, or with `waitForCommit` once they are
   * committed (readable); `onDurable` is called as soon as they are durable (a request waiting for
   * its commit holds no more of the admission budget). While the log paces (its writer lags), a
   * durable answer also waits for the commit, at most `paceTimeoutMs`, and is given as durable
   * whatever that wait ends in: the rows are on disk, and the wait only slows the client down.
   * Throws the log's own errors as they are.
   */
  async store(rows: TableRows, opts: { waitForCommit: boolean; onDurable?: () => void }): Promise<Receipt | undefined> {
    this.storing++;
    try {
      const receipt = await this.submit(rows);
      opts.onDurable?.();
      if (!receipt) return receipt;
      this.tellWhenCommitted(rows, receipt);
      if (opts.waitForCommit) await this.waitCommitted(receipt);
      else if (this.log.pacing?.(this.storing)) {
        this.hooks.onPaced?.();
        await this.waitCommitted(receipt, this.paceTimeoutMs).catch(() => undefined);
      }
      return receipt;
    } finally {
      this.storing--;
    }
  }

  /**
   * Tells onCommitted of the rows that say from when they change reads, once committed: told
   * earlier, a read cached in between would keep answers computed without them. Told too when the
   * wait fails (the log closed): a cache forgets more than it needs, never less.
   */
  private tellWhenCommitted(rows: TableRows, receipt: Receipt): void {
    const onCommitted = this.hooks.onCommitted;
    if (!onCommitted) return;
    for (const [table, encoded] of Object.entries(rows)) {
      const fromUs = encoded?.changesFromUs;
      if (fromUs === undefined || encoded!.rows === 0) continue;
      const tell = () => onCommitted(table, fromUs);
      this.waitCommitted(receipt, Number.POSITIVE_INFINITY).then(tell, tell);
    }
  }

  /**
   * Resolves once the rows of `receipt` are committed in ClickHouse; rejects after `timeoutMs`
   * (the commit timeout by default; Infinity waits as long as it takes, until the log closes).
   */
  waitCommitted(receipt: Receipt, timeoutMs = this.commitTimeoutMs): Promise<void> {
    return this.log.waitCommitted(receipt.lsn, receipt.tables, timeoutMs);
  }
}
