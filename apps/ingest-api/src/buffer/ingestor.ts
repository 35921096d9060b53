import type { Db } from '@spanhouse/db';
import type { Logger } from 'pino';
import { isPermanentInsertError } from './errors.ts';
import { GroupCommitBuffer, type GroupCommitOptions } from './group-commit.ts';

export type BufferSettings = {
  maxRows: number;
  flushRows: number;
  flushIntervalMs: number;
  commitTimeoutMs: number;
};

type Hooks = Pick<GroupCommitOptions<unknown>, 'onFlush'> & {
  /** Test hook: wraps every insert, e.g. to make writes fail on purpose. */
  wrapWrite?: (table: string, write: (rows: object[]) => Promise<void>) => (rows: object[]) => Promise<void>;
};

/**
 * One group-commit buffer per table, all writing through the writer connection. `submit` takes a
 * request's rows for several tables at once and resolves when all are committed; it refuses the
 * whole request up front if any table cannot take its share, so a refused request adds nothing.
 */
export class Ingestor {
  private readonly buffers = new Map<string, GroupCommitBuffer<object>>();

  constructor(
    private readonly db: Db,
    private readonly settings: BufferSettings,
    private readonly logger?: Logger,
    private readonly hooks: Hooks = {},
  ) {}

  buffer(table: string): GroupCommitBuffer<object> {
    let buf = this.buffers.get(table);
    if (!buf) {
      const insert = async (rows: object[]) => {
        await this.db.writer.insert({ table, values: rows, format: 'JSONEachRow' });
      };
      buf = new GroupCommitBuffer<object>({
        name: table,
        write: this.hooks.wrapWrite ? this.hooks.wrapWrite(table, insert) : insert,
        ...this.settings,
        logger: this.logger,
        isPermanent: isPermanentInsertError,
        onFlush: this.hooks.onFlush,
      });
      this.buffers.set(table, buf);
    }
    return buf;
  }

  /** Commits `rowsByTable` (table -> rows); see GroupCommitBuffer.add for the contract. */
  async submit(rowsByTable: Record<string, object[]>): Promise<void> {
    const entries = Object.entries(rowsByTable).filter(([, rows]) => rows.length > 0);
    for (const [table, rows] of entries) {
      const refused = this.buffer(table).refusal(rows.length);
      if (refused) throw refused;
    }
    await Promise.all(entries.map(([table, rows]) => this.buffer(table).add(rows)));
  }

  /** Rows held per table (for /metrics and tests). */
  depths(): Record<string, number> {
    return Object.fromEntries([...this.buffers].map(([t, b]) => [t, b.depth]));
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
