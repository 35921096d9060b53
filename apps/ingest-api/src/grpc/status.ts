import { Metadata, type StatusObject, status } from '@grpc/grpc-js';
import { ApiError } from '@spanhouse/http';
import type { ErrorCode } from '@spanhouse/schema';
import { refusal } from '../acknowledgement.ts';
import { retryInfoStatus, STATUS_DETAILS_KEY } from './status-details.ts';

/**
 * The gRPC status each of our error codes becomes: the codes the OTLP specification gives
 * exporters for retrying. Never to be retried: INVALID_ARGUMENT (a request we cannot read),
 * UNAUTHENTICATED, PERMISSION_DENIED, and RESOURCE_EXHAUSTED without RetryInfo for a message past
 * the size limits (as grpc-js itself answers a message past its limit). Retried: UNAVAILABLE with
 * RetryInfo, both when admission refuses for load (the specification's throttling answer, and a
 * code the exporters retry, which they do not for RESOURCE_EXHAUSTED) and when the log cannot take
 * the rows.
 */
const CODES: Record<ErrorCode, status> = {
  BAD_REQUEST: status.INVALID_ARGUMENT,
  UNAUTHORIZED: status.UNAUTHENTICATED,
  FORBIDDEN: status.PERMISSION_DENIED,
  NOT_FOUND: status.NOT_FOUND,
  CONFLICT: status.ALREADY_EXISTS,
  PAYLOAD_TOO_LARGE: status.RESOURCE_EXHAUSTED,
  UNSUPPORTED_MEDIA_TYPE: status.INVALID_ARGUMENT,
  TOO_MANY_REQUESTS: status.UNAVAILABLE,
  SERVICE_UNAVAILABLE: status.UNAVAILABLE,
  INTERNAL_ERROR: status.INTERNAL,
};

/** The gRPC status code of one of our error codes. */
export const grpcCodeOf = (code: ErrorCode): status => CODES[code];

/** A gRPC status, with RetryInfo in its details when `retryAfterS` is given. */
export function grpcStatus(code: status, details: string, retryAfterS?: number): StatusObject {
  const metadata = new Metadata();
  if (retryAfterS !== undefined) metadata.set(STATUS_DETAILS_KEY, retryInfoStatus(code, details, retryAfterS * 1000));
  return { code, details, metadata };
}

/**
 * What an error answers over gRPC. The log's own errors are worded as the HTTP routes word them
 * (refusal); a full log, which HTTP answers 429, is UNAVAILABLE with RetryInfo like every refusal
 * for load or storage. Anything unexpected is INTERNAL without internals (`unexpected` is told, to
 * log it).
 */
export function grpcStatusOf(err: unknown, unexpected: (err: unknown) => void): StatusObject {
  const api = err instanceof ApiError ? err : refusal(err);
  if (!api) {
    unexpected(err);
    return grpcStatus(status.INTERNAL, 'internal error; see the server log');
  }
  return grpcStatus(CODES[api.code], api.message, api.retryAfter);
}
