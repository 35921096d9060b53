import { ApiError, admissionTicket, badRequest } from '@spanhouse/http';
import { LogClosedError, LogFullError, LogWriteError, RecordTooLargeError } from '@spanhouse/ingest-log';
import type { TableRows } from '@spanhouse/store';
import type { Context } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { CommitTimeoutError } from '../log-sink/background-writer.ts';
import { DISK_RETRY_AFTER_S, DiskLowError } from '../log-sink/disk-guard.ts';
import type { Receipt } from '../log-sink/ingestor.ts';

/** Seconds a client is asked to wait before sending again, when the log or the disk refuses. */
const RETRY_AFTER_S = 5;

/**
 * Whether the request asks to be answered only once its rows are committed in ClickHouse
 * (readable), not merely durable: `?wait=commit`, or the header `Spanhouse-Wait: commit` for
 * clients whose URL is fixed (exporters, SDKs). `durable` is the default, and may be said too.
 */
export function waitsForCommit(c: Context): boolean {
  const value = c.req.query('wait') ?? c.req.header('spanhouse-wait');
  if (value === undefined || value === 'durable') return false;
  if (value === 'commit') return true;
  throw badRequest(
    `wait: must be "durable" (the default: answer once the rows are on disk) or "commit" (once they are readable), not "${value}"`,
  );
}

/**
 * How a request's rows are stored (Ingestor.store): waiting for the commit when it asks to, and
 * holding no more of the admission budget once they are durable, also while it waits.
 */
export const storeOptions = (c: Context) => ({
  waitForCommit: waitsForCommit(c),
  onDurable: () => admissionTicket(c)?.release(),
});

/** The answer for an error of the ingest log, or undefined for any other error. */
export function refusal(err: unknown): ApiError | undefined {
  if (err instanceof LogFullError) {
    return new ApiError('TOO_MANY_REQUESTS', `ingest is behind: ${err.message}; retry later`, RETRY_AFTER_S);
  }
  if (err instanceof RecordTooLargeError) return new ApiError('PAYLOAD_TOO_LARGE', err.message);
  if (err instanceof LogWriteError) {
    return new ApiError('SERVICE_UNAVAILABLE', `${err.message}; nothing of this request was stored`, RETRY_AFTER_S);
  }
  if (err instanceof LogClosedError) {
    return new ApiError('SERVICE_UNAVAILABLE', 'shutting down; retry against another instance', RETRY_AFTER_S);
  }
  if (err instanceof DiskLowError) return new ApiError('SERVICE_UNAVAILABLE', err.message, DISK_RETRY_AFTER_S);
  if (err instanceof CommitTimeoutError) {
    return new ApiError('SERVICE_UNAVAILABLE', `${err.message}; sending the request again is safe`, RETRY_AFTER_S);
  }
  return undefined;
}

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
