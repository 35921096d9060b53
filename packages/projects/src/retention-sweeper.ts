import { type Db, TABLES } from '@spanhouse/db';
import { traceDocumentTime } from '@spanhouse/store';
import type { Logger } from 'pino';

/** How often the tables are checked for rows past their project's retention. */
export const SWEEP_INTERVAL_MS = 6 * 3_600_000;

/** An observation start past the retention (a piece without one is kept). */
const START_EXPIRED = 'start_time.1 > 0 AND start_time.2 < toUnixTimestamp64Micro(now64(6) - toIntervalDay(d))';

/** The tables with a retention TTL rule (clickhouse/0030, 0047, 0053), each with the time its rule reads. */
const TTL_TABLES: readonly { table: string; expired: string }[] = [
  { table: TABLES.traces, expired: 'timestamp < now64(6) - toIntervalDay(d)' },
  { table: TABLES.observationPieces, expired: START_EXPIRED },
  { table: TABLES.observationTimes, expired: START_EXPIRED },
  { table: TABLES.traceSearch, expired: `${traceDocumentTime()} < now64(6) - toIntervalDay(d)` },
  { table: TABLES.scores, expired: 'timestamp < now64(6) - toIntervalDay(d)' },
  { table: TABLES.scoreTimes, expired: 'timestamp < now64(6) - toIntervalDay(d)' },
  { table: TABLES.traceDayWrites, expired: 'date < toDate(now64(6) - toIntervalDay(d))' },
  { table: TABLES.metricSamples, expired: 'ts < now64(6) - toIntervalDay(d)' },
  { table: TABLES.metricNonFinite, expired: 'ts < now64(6) - toIntervalDay(d)' },
  { table: TABLES.metricMinutes, expired: 'minute * 60 < toUnixTimestamp(now64(6) - toIntervalDay(d))' },
];

/**
 * Gives back the disk of rows past their project's retention. The tables' TTL rules (0030) decide
 * which rows go; a merge applies them. But a rule whose outcome changes without the row changing
 * (a retention set or shortened later) is not applied again by the merges of parts it has already
 * been evaluated on (measured on chDB 26: neither OPTIMIZE FINAL nor background merges drop them),
 * so this asks for it: for each table that holds an expired row, `MATERIALIZE TTL`, which rewrites
 * the parts with the rules applied, in the background. It runs at start, SWEEP_INTERVAL_MS apart,
 * and shortly after a retention change here, so the bytes go within a day. The reads never wait
 * for it: they leave expired rows out themselves (the store's lifecycle conditions).
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;

  constructor(private readonly opts: { db: Db; logger: Logger; cluster?: string; intervalMs?: number }) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), this.opts.intervalMs ?? SWEEP_INTERVAL_MS);
    this.timer.unref();
    this.later();
  }

  /** A retention changed: sweep in a minute (changes in a row are swept once). */
  later(delayMs = 60_000): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.sweep().catch(() => undefined);
    }, delayMs);
    this.soon.unref();
  }

  /** Checks every table now and materializes the TTL of those with expired rows; resolves with their names. */
  sweep(opts: { wait?: boolean } = {}): Promise<string[]> {
    this.running ??= this.run(opts.wait ?? false).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.soon);
  }

  private async run(wait: boolean): Promise<string[]> {
    const swept: string[] = [];
    for (const { table, expired } of TTL_TABLES) {
      try {
        const found = await (
          await this.opts.db.writer.query({
            query: `SELECT 1 FROM ${table} WHERE (dictGetOrDefault('project_retention', 'days', project_id, toUInt32(0)) AS d) > 0 AND ${expired} LIMIT 1`,
            format: 'JSONEachRow',
          })
        ).json();
        if (found.length === 0) continue;
        const target = this.opts.cluster ? `${table}_local ON CLUSTER \`${this.opts.cluster}\`` : table;
        await this.opts.db.writer.command({
          query: `ALTER TABLE ${target} MATERIALIZE TTL`,
          clickhouse_settings: { mutations_sync: wait ? '2' : '0' },
        });
        swept.push(table);
      } catch (err) {
        this.opts.logger.warn({ err, table }, 'cannot give back the disk of expired rows; the next sweep tries again');
      }
    }
    if (swept.length > 0) this.opts.logger.info({ tables: swept }, 'rows past their retention are being removed');
    return swept;
  }
}
