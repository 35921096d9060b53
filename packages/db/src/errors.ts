import { ClickHouseError } from '@clickhouse/client';

/**
 * The ClickHouse error code of `err` as a string ('57' for TABLE_ALREADY_EXISTS), or undefined
 * when `err` is not an error ClickHouse raised. Callers branch on the code, never on message text.
 * Three shapes carry one: the ClickHouseError of @clickhouse/client (server mode); the copy of that
 * class in @clickhouse/client-common, which chDB's connection throws and `instanceof` misses; and
 * chDB's raw insert error (Db.insertText), which keeps the engine's code apart as `clickhouseCode`.
 */
export function clickHouseErrorCode(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err instanceof ClickHouseError || err.constructor.name === ClickHouseError.name) {
    const code = (err as { code?: unknown }).code;
    return code === undefined ? undefined : String(code);
  }
  const engineCode = (err as { clickhouseCode?: unknown }).clickhouseCode;
  return engineCode === undefined ? undefined : String(engineCode);
}

/**
 * Node's codes for a connection to the engine that could not be made or was lost: refused, reset,
 * timed out at connect, no route, a name that does not resolve (or not now), a write to a closed
 * socket.
 */
const CONNECTION_FAILURES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The error @clickhouse/client raises when a request's `request_timeout` passes without an answer:
 * a plain Error with no code, so its message is the only mark it carries.
 */
const CLIENT_REQUEST_TIMEOUT = 'Timeout error.';

/** How deep `cause` and AggregateError chains are followed: the client wraps at most a few levels. */
const MAX_DEPTH = 8;

/**
 * A read a ClickHouse server did not answer at all within its time bound and a grace past it
 * (query.ts): the engine stops a read at its bound itself and says so, so a server silent past
 * that is hung, or the network drops its packets.
 */
export class EngineSilentError extends Error {
  override name = 'EngineSilentError';
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`ClickHouse did not answer within ${waitedMs / 1000} s`, options);
  }
}

/**
 * Whether `err` says the ClickHouse server could not be reached, as opposed to an answer it gave:
 * a connection refused, reset (Node's "socket hang up"), timed out or unroutable, a host name that
 * does not resolve, the client's request timeout, or a read the server left unanswered past its
 * bound (EngineSilentError). Looked for in `err`, its `cause` chain and
 * the errors of an AggregateError (a connection tried on several addresses fails with one). An
 * error the engine raised (ClickHouseError, with its code) is never one: the server answered.
 */
export function isEngineUnreachable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > MAX_DEPTH) return false;
  if (clickHouseErrorCode(err) !== undefined) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) return true;
  if (err instanceof EngineSilentError || err.message === CLIENT_REQUEST_TIMEOUT) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isEngineUnreachable(e, depth + 1))) return true;
  return isEngineUnreachable(err.cause, depth + 1);
}
