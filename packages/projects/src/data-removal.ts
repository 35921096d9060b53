import { type Db, PROJECT_TABLES } from '@spanhouse/db';
import type { Logger } from 'pino';

/** How long after a project's deletion its rows are deleted: rows it sent just before may still be in an ingest log. */
export const REMOVAL_DELAY_MS = 30_000;

/**
 * Deletes a deleted project's rows from every data table, in the background: a lightweight DELETE
 * per table, which marks the project's rows gone in the parts that hold them (the rows'
 * `_row_exists` mask, no other column rewritten) and leaves their bytes to the parts' next merges.
 * The project is already invisible (its keys refused, its id unknown to every read) before this
 * runs; this only gives the disk back. On a cluster the DELETE runs on every node's local table.
 */
export async function removeProjectRows(db: Db, projectId: string, cluster?: string): Promise<void> {
  for (const table of PROJECT_TABLES) {
    const target = cluster ? `${table}_local ON CLUSTER \`${cluster}\`` : table;
    await db.writer.command({
      query: `DELETE FROM ${target} WHERE project_id = {project:String}`,
      query_params: { project: projectId },
      clickhouse_settings: { lightweight_deletes_sync: '0' },
    });
  }
}

/** Runs removals one at a time, each REMOVAL_DELAY_MS after it was asked for (tests shorten it). */
export class DataRemoval {
  private chain: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly opts: {
      db: Db;
      logger: Logger;
      cluster?: string;
      delayMs?: number;
      /** Called once a project's rows are deleted (to record it). */
      done: (projectId: string) => Promise<void>;
    },
  ) {}

  schedule(projectId: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.chain = this.chain.then(() => this.run(projectId));
    }, this.opts.delayMs ?? REMOVAL_DELAY_MS);
    timer.unref();
    this.timers.add(timer);
  }

  private async run(projectId: string): Promise<void> {
    try {
      await removeProjectRows(this.opts.db, projectId, this.opts.cluster);
      await this.opts.done(projectId);
      this.opts.logger.info({ projectId }, "a deleted project's rows were deleted");
    } catch (err) {
      this.opts.logger.warn({ err, projectId }, "cannot delete a deleted project's rows; the next start tries again");
    }
  }

  /** Stops what has not started; waits for what runs. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.chain;
  }
}
