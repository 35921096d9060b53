import { ApiError, badRequest } from '@spanhouse/http';
import { LogClosedError, LogFullError, LogWriteError, RecordTooLargeError } from '@spanhouse/ingest-log';
import { CommitTimeoutError } from './log-sink/background-writer.ts';
import { DISK_RETRY_AFTER_S, DiskLowError } from './log-sink/disk-guard.ts';

/*
 * What an ingest answer means, whatever transport carries it (the HTTP routes' log-refusals.ts,
 * OTLP/gRPC's grpc/status.ts): the wait a request asks for, and the log's refusals as answers.
 */

/** Seconds a client is asked to wait before sending again, when the log or the disk refuses. */
const RETRY_AFTER_S = 5;

/**
 * The wait a request asks for (`wait`, the `Spanhouse-Wait` header, the `spanhouse-wait` gRPC
 * metadata): false for `durable` (the default: answered once the rows are on disk), true for
 * `commit` (once they are readable); 400 for any other word.
 */
export function waitForCommitOf(value: string | undefined): boolean {
  if (value === undefined || value === 'durable') return false;
  if (value === 'commit') return true;
  throw badRequest(
    `wait: must be "durable" (the default: answer once the rows are on disk) or "commit" (once they are readable), not "${value}"`,
  );
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
  if (err instanceof DiskLowError) return new ApiError('SERVICE_UNAVAILABLE', err.message, DISK_RETRY_AFTER_S);
  if (err instanceof CommitTimeoutError) {
    return new ApiError('SERVICE_UNAVAILABLE', `${err.message}; sending the request again is safe`, RETRY_AFTER_S);
  }
  return undefined;
}
