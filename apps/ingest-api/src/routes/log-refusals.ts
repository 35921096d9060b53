import { admissionTicket } from '@spanhouse/http';
import type { TableRows } from '@spanhouse/store';
import type { Context } from 'hono';
import { refusal, waitForCommitOf } from '../acknowledgement.ts';
import type { IngestDeps } from '../deps.ts';
import type { Receipt } from '../log-sink/ingestor.ts';

/**
 * Whether the request asks to be answered only once its rows are committed in ClickHouse
 * (readable), not merely durable: `?wait=commit`, or the header `Spanhouse-Wait: commit` for
 * clients whose URL is fixed (exporters, SDKs). `durable` is the default, and may be said too.
 */
export function waitsForCommit(c: Context): boolean {
  return waitForCommitOf(c.req.query('wait') ?? c.req.header('spanhouse-wait'));
}

/**
 * How a request's rows are stored (Ingestor.store): waiting for the commit when it asks to, and
 * holding no more of the admission budget once they are durable, also while it waits.
 */
export const storeOptions = (c: Context) => ({
  waitForCommit: waitsForCommit(c),
  onDurable: () => admissionTicket(c)?.release(),
});

/**
 * Runs the domain work of a request that writes (or waits for a write), answering the log's own
 * errors with the statuses clients act on (OTLP exporters retry 429 and 503 after Retry-After).
 */
export async function answeringForTheLog<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

/** Stores a request's rows (see storeOptions), answering the log's errors; the receipt, or undefined without rows. */
export function storeRows(c: Context, deps: IngestDeps, rows: TableRows): Promise<Receipt | undefined> {
  const opts = storeOptions(c);
  return answeringForTheLog(() => deps.ingestor.store(rows, opts));
}
