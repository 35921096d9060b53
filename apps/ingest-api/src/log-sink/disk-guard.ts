import { statfsSync } from 'node:fs';
import type { Logger } from 'pino';

const MiB = 1024 * 1024;

/** How often free space is measured. */
export const DISK_CHECK_INTERVAL_MS = 1_000;

/** Seconds a refused client is asked to wait: space comes back when an operator acts, not in a moment. */
export const DISK_RETRY_AFTER_S = 30;

/** Ingest is paused: the data volume's free space is below DISK_MIN_FREE_BYTES. */
export class DiskLowError extends Error {
  override name = 'DiskLowError';
}

export type DiskState = {
  /** The folder whose volume has the least free space, and that space in bytes. */
  path: string;
  freeBytes: number;
  minFreeBytes: number;
  /** Below the threshold: ingest refuses. */
  low: boolean;
};

/**
 * Keeps the disk from filling by surprise: measures the free space of the volumes holding the
 * ingest log and the database (statfs, every DISK_CHECK_INTERVAL_MS), and while the lowest is
 * below `minFreeBytes` refuses new ingest (check throws DiskLowError, answered 503 with
 * Retry-After), before ClickHouse or the log hits a full disk; reads go on. It resumes by itself
 * once space returns. A volume statfs cannot read is left out (said once in the log).
 */
export class DiskGuard {
  private current: DiskState;
  private timer: NodeJS.Timeout | undefined;
  private unreadable = new Set<string>();

  constructor(private readonly opts: { paths: string[]; minFreeBytes: number; logger?: Logger; intervalMs?: number }) {
    this.current = this.measure();
  }

  start(): void {
    this.timer = setInterval(() => this.update(), this.opts.intervalMs ?? DISK_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  get state(): DiskState {
    return this.current;
  }

  /** Throws DiskLowError while the free space is below the threshold. */
  check(): void {
    const s = this.current;
    if (!s.low) return;
    throw new DiskLowError(
      `the disk holding ${s.path} has ${mib(s.freeBytes)} free, below DISK_MIN_FREE_BYTES (${mib(s.minFreeBytes)}): ` +
        'ingest is paused until space is freed (reads keep working)',
    );
  }

  /** Measures now (the timer does this every interval). */
  update(): DiskState {
    const was = this.current.low;
    this.current = this.measure();
    if (this.current.low !== was) {
      if (this.current.low)
        this.opts.logger?.error(this.current, 'free disk space below DISK_MIN_FREE_BYTES: ingest is refused');
      else this.opts.logger?.info(this.current, 'free disk space is back above DISK_MIN_FREE_BYTES: ingest resumes');
    }
    return this.current;
  }

  private measure(): DiskState {
    let lowest: { path: string; freeBytes: number } | undefined;
    for (const path of this.opts.paths) {
      try {
        const s = statfsSync(path);
        const freeBytes = Number(s.bavail) * Number(s.bsize);
        if (!lowest || freeBytes < lowest.freeBytes) lowest = { path, freeBytes };
      } catch (err) {
        if (!this.unreadable.has(path)) this.opts.logger?.warn({ err, path }, 'cannot measure free disk space');
        this.unreadable.add(path);
      }
    }
    const found = lowest ?? { path: this.opts.paths[0] ?? '', freeBytes: Number.POSITIVE_INFINITY };
    return { ...found, minFreeBytes: this.opts.minFreeBytes, low: found.freeBytes < this.opts.minFreeBytes };
  }
}

const mib = (bytes: number) => `${Math.floor(bytes / MiB)} MiB`;
