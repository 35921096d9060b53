import { type AdmissionTicket, ApiError, admissionTicket, badRequest } from '@spanhouse/http';
import { LogClosedError, LogFullError, LogWriteError, RecordTooLargeError } from '@spanhouse/ingest-log';
import type { Context } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { CommitTimeoutError } from '../log-sink/background-writer.ts';
import type { Receipt, TableRows } from '../log-sink/ingestor.ts';

/** Seconds a client is asked to wait before sending again, when the log or the disk refuses. */
const RETRY_AFTER_S = 5;

/**
 * Whether the request asks to be answered only once its rows are committed in ClickHouse
 * (readable), not merely durable: `?wait=commit`, or the header `Spanhouse-Wait: commit` for
 * clients whose URL is fixed (exporters, SDKs). `durable` is the default, and may be said too.
 */
export function waitsForCommit(c: Context): boolean {
  return commitWaitOf(c.req.query('wait') ?? c.req.header('spanhouse-wait'));
}

/** The value of `wait` or `Spanhouse-Wait` (also gRPC metadata) as a choice; 400 for any other word. */
export function commitWaitOf(value: string | undefined): boolean {
  if (value === undefined || value === 'durable') return false;
  if (value === 'commit') return true;
  throw badRequest(
    `wait: must be "durable" (the default: answer once the rows are on disk) or "commit" (once they are readable), not "${value}"`,
  );
}

/**
 * Stores a request's rows through the ingestor and answers for the storage layer: the log's own
 * errors become the statuses clients act on (OTLP exporters retry 429 and 503 after Retry-After).
 * Once the rows are durable the request holds no more of the admission budget, also while it
 * waits for the commit. Resolves with the receipt of the rows (undefined when there were none).
 */
export async function storeRows(c: Context, deps: IngestDeps, rows: TableRows): Promise<Receipt | undefined> {
  const waitForCommit = waitsForCommit(c);
  try {
    return await commitRows(deps, rows, admissionTicket(c), waitForCommit);
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

/**
 * The store step of every transport (HTTP here, OTLP/gRPC in grpc/): submits the rows, gives the
 * request's admission bytes back once they are durable, then waits for their commit when asked.
 * Throws the log's own errors as they are, for the transport to word (refusal, grpcStatusOf).
 */
export async function commitRows(
  deps: IngestDeps,
  rows: TableRows,
  ticket: AdmissionTicket | undefined,
  waitForCommit: boolean,
): Promise<Receipt | undefined> {
  const receipt = await deps.ingestor.submit(rows);
  ticket?.release();
  if (waitForCommit && receipt) await deps.ingestor.waitCommitted(receipt);
  return receipt;
}

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
  if (err instanceof CommitTimeoutError) {
    return new ApiError('SERVICE_UNAVAILABLE', `${err.message}; sending the request again is safe`, RETRY_AFTER_S);
  }
  return undefined;
}
