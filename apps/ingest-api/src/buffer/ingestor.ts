import type { Db } from '@spanhouse/db';
import { ApiError } from '@spanhouse/http';
import type { Logger } from 'pino';
import { isPermanentInsertError } from './errors.ts';
import { GroupCommitBuffer, type GroupCommitOptions } from './group-commit.ts';
import { approxRowBytes } from './row-size.ts';

/**
 * JSON.stringify writes a lone UTF-16 surrogate (valid in a JS string, e.g. from a client's
 * `"\ud800"`) as an escape ClickHouse refuses by default; stored as is, it cannot poison a batch.
 */
const INSERT_SETTINGS = { input_format_json_throw_on_bad_escape_sequence: 0 } as const;

export type BufferSettings = {
  maxRows: number;
  /** Approximate bytes held per table before 429 (see GroupCommitOptions.maxBytes). */
  maxBytes?: number;
  flushRows: number;
  flushIntervalMs: number;
  commitTimeoutMs: number;
};

export type IngestHooks = Pick<GroupCommitOptions<unknown>, 'onFlush'> & {
  /** A request's rows for `table` were committed and acknowledged. */
  onAccepted?: (table: string, rows: number) => void;
  /** A request's rows for `table` were refused or not committed in time; `reason` is the error code. */
  onRejected?: (table: string, rows: number, reason: string) => void;
  /** Test hook: wraps every insert, e.g. to make writes fail on purpose. */
  wrapWrite?: (table: string, write: (rows: object[]) => Promise<void>) => (rows: object[]) => Promise<void>;
};

/**
 * A table whose rows are written as text the caller encodes (one flush at a time) instead of
 * JSONEachRow objects. Metric samples use it: chDB parses TabSeparated about twice as fast as
 * JSONEachRow, and samples are by far the most numerous rows.
 */
export type TableEncoder = {
  format: 'TabSeparated';
  /** The columns each line holds, in order. */
  columns: [string, ...string[]];
  encode: (rows: object[]) => string | Buffer;
  /** Table rows one buffered item stands for, when items are pre-encoded chunks (GroupCommitOptions.countOf). */
  countOf?: (item: object) => number;
};

/**
 * One group-commit buffer per table, all writing through the writer connection. `submit` takes a
 * request's rows for several tables at once and resolves when all are committed; it refuses the
 * whole request up front if any table cannot take its share, so a refused request adds nothing.
 */
export class Ingestor {
  private readonly buffers = new Map<string, GroupCommitBuffer<object>>();
  private readonly encoders = new Map<string, TableEncoder>();

  constructor(
    private readonly db: Db,
    private readonly settings: BufferSettings,
    private readonly logger?: Logger,
    private readonly hooks: IngestHooks = {},
  ) {}

  /** Writes `table` through `encoder` (call before the table's first row). */
  encodeWith(table: string, encoder: TableEncoder): void {
    this.encoders.set(table, encoder);
  }

  buffer(table: string): GroupCommitBuffer<object> {
    let buf = this.buffers.get(table);
    if (!buf) {
      const encoder = this.encoders.get(table);
      const insert = async (rows: object[]) => {
        if (encoder) {
          await this.db.insertText({
            table,
            columns: encoder.columns,
            format: encoder.format,
            text: encoder.encode(rows),
          });
        } else {
          await this.db.writer.insert({
            table,
            values: rows,
            format: 'JSONEachRow',
            clickhouse_settings: INSERT_SETTINGS,
          });
        }
      };
      buf = new GroupCommitBuffer<object>({
        name: table,
        write: this.hooks.wrapWrite ? this.hooks.wrapWrite(table, insert) : insert,
        ...this.settings,
        logger: this.logger,
        isPermanent: isPermanentInsertError,
        onFlush: this.hooks.onFlush,
        sizeOf: approxRowBytes,
        countOf: encoder?.countOf,
      });
      this.buffers.set(table, buf);
    }
    return buf;
  }

  /** Commits `rowsByTable` (table -> rows); see GroupCommitBuffer.add for the contract. */
  async submit(rowsByTable: Record<string, object[]>): Promise<void> {
    const entries = Object.entries(rowsByTable)
      .filter(([, rows]) => rows.length > 0)
      .map(([table, rows]) => {
        const buffer = this.buffer(table);
        return { table, rows, buffer, bytes: buffer.sizeOf(rows), count: buffer.countOf(rows) };
      });
    for (const e of entries) {
      const refused = e.buffer.refusal(e.count, e.bytes);
      if (refused) {
        for (const r of entries) this.hooks.onRejected?.(r.table, r.count, refused.code);
        throw refused;
      }
    }
    await Promise.all(
      entries.map(async (e) => {
        try {
          await e.buffer.add(e.rows, e.bytes, e.count);
          this.hooks.onAccepted?.(e.table, e.count);
        } catch (err) {
          this.hooks.onRejected?.(e.table, e.count, err instanceof ApiError ? err.code : 'INTERNAL_ERROR');
          throw err;
        }
      }),
    );
  }

  /** Rows held per table (for /metrics and tests). */
  depths(): Record<string, number> {
    return Object.fromEntries([...this.buffers].map(([t, b]) => [t, b.depth]));
  }

  /** Rows and approximate bytes held per table (for /metrics). */
  loads(): Record<string, { rows: number; bytes: number }> {
    return Object.fromEntries([...this.buffers].map(([t, b]) => [t, { rows: b.depth, bytes: b.bytes }]));
  }

  get unhealthy(): boolean {
    return [...this.buffers.values()].some((b) => b.unhealthy);
  }

  /** Drains every buffer; true when everything held was written. */
  async close(timeoutMs?: number): Promise<boolean> {
    const results = await Promise.all([...this.buffers.values()].map((b) => b.close(timeoutMs)));
    return results.every(Boolean);
  }
}
