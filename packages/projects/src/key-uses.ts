import type { Db } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db';
import { apiKeyUseRow } from '@spanhouse/store';
import type { Logger } from 'pino';

/** How often a process writes the last-used times of the keys it saw used. */
export const KEY_USES_FLUSH_MS = 60_000;

/**
 * Last-used times of keys, written lazily: a use only notes the time in memory, and every
 * KEY_USES_FLUSH_MS the keys used since are written in one insert (so at most once a minute per
 * key and process; the table keeps the latest time, whichever process wrote it).
 */
export class KeyUses {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: { db: Db; logger: Logger; flushMs?: number }) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs ?? KEY_USES_FLUSH_MS);
    this.timer.unref();
  }

  used(keyId: string, atMs = Date.now()): void {
    this.pending.set(keyId, atMs);
  }

  /** Writes the uses noted since the last write; a failed write keeps them for the next. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.opts.db.writer.insert({
        table: TABLES.apiKeyUses,
        values: [...batch].map(([id, at]) => apiKeyUseRow(id, at)),
        format: 'JSONEachRow',
      });
    } catch (err) {
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      this.opts.logger.warn({ err }, 'cannot write the last-used times of API keys; retrying later');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
