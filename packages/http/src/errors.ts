import { isEngineUnreachable } from '@spanhouse/db';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@spanhouse/schema';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';

/** An error we mean to answer with: its code decides the status (docs/api.md, Errors). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds, for 429/503: clients (OTLP exporters included) honour it. */
    readonly retryAfter?: number,
    /** Headers the answer carries besides Retry-After (a 415's Accept-Encoding). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string) => new ApiError('BAD_REQUEST', message);
export const notFoundError = (message: string) => new ApiError('NOT_FOUND', message);

/**
 * An id as a message names it: as itself, or quoted (JSON) when it is empty or starts or ends
 * with white space, so that `session " " not found` does not read as naming no session.
 */
export const idInMessage = (id: string) => (id === '' || id.trim() !== id ? JSON.stringify(id) : id);

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { message, code, data: null };
}

/**
 * Seconds a client is asked to wait when ClickHouse cannot be reached: long enough not to hammer
 * a server that is restarting, short enough that a blip costs a dashboard one refresh.
 */
export const ENGINE_RETRY_AFTER_S = 5;

/**
 * The answer for a request that failed because ClickHouse could not be reached (connection refused,
 * reset or timed out, a host name that does not resolve: isEngineUnreachable): 503 with
 * Retry-After, which clients, exporters and load balancers take as "later", where a 500 reads as a
 * fault of the service. The message names no address or other internals. Undefined for any other
 * error.
 */
export function engineUnreachable(err: unknown): ApiError | undefined {
  if (!isEngineUnreachable(err)) return undefined;
  return new ApiError(
    'SERVICE_UNAVAILABLE',
    'the storage engine (ClickHouse) cannot be reached; try again later',
    ENGINE_RETRY_AFTER_S,
  );
}

const STATUS_CODE: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

export function sendError(c: Context, err: ApiError): Response {
  if (err.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json(errorBody(err.code, err.message), err.status);
}

/**
 * What an app knows of errors raised below it (the database's) that deserve an answer of their
 * own: the ApiError to answer with, or undefined to leave the error to the handler.
 */
export type ExplainError = (err: unknown) => ApiError | undefined | Promise<ApiError | undefined>;

/**
 * The one error handler: ApiError as is (and what `explain` turns into one), a ClickHouse that
 * cannot be reached as 503 with Retry-After (engineUnreachable: every app, whatever it reads),
 * Hono's own HTTPExceptions by status, anything else a 500 that shows no internals (the log has
 * them, under the request id).
 */
export function onError(logger: Logger, explain?: ExplainError): ErrorHandler {
  return async (raised, c) => {
    const log: Logger = c.get('logger' as never) ?? logger;
    const err =
      (raised instanceof ApiError
        ? undefined
        : (engineUnreachable(raised) ?? (await explainSafely(explain, raised, log)))) ?? raised;
    if (err instanceof ApiError) {
      // An explained error keeps what was raised in the log: the engine's address, its own words.
      const cause = err === raised ? {} : { err: raised };
      if (err.status >= 500) log.warn({ code: err.code, reason: err.message, ...cause }, 'request failed');
      else log.info({ code: err.code, reason: err.message }, 'request refused');
      return sendError(c, err);
    }
    if (err instanceof HTTPException && STATUS_CODE[err.status] && err.status < 500) {
      const code = STATUS_CODE[err.status]!;
      return sendError(c, new ApiError(code, err.message || code.toLowerCase().replace(/_/g, ' ')));
    }
    log.error({ err }, 'unhandled error');
    return sendError(c, new ApiError('INTERNAL_ERROR', 'internal error; see the server log for this request id'));
  };
}

/** `explain`'s answer for `err`; undefined when there is none or it failed (logged). */
async function explainSafely(
  explain: ExplainError | undefined,
  err: Error,
  log: Logger,
): Promise<ApiError | undefined> {
  if (!explain) return undefined;
  try {
    return await explain(err);
  } catch (failure) {
    log.warn({ err: failure }, 'cannot explain an error');
    return undefined;
  }
}

/**
 * Unknown routes: the JSON 404. A GET or HEAD of a Langfuse API path with a trailing slash
 * (`/api/public/traces/`) is first redirected (308) to the path without it, query kept, as
 * Langfuse's server (Next.js) answers it, so clients and scripts written against Langfuse with the
 * slash reach the same endpoint.
 */
export const notFound: NotFoundHandler = (c) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const url = new URL(c.req.url);
    const trimmed = url.pathname.replace(/\/+$/, '');
    if (trimmed !== url.pathname && trimmed.startsWith('/api/public/')) return c.redirect(trimmed + url.search, 308);
  }
  return sendError(c, new ApiError('NOT_FOUND', `no route for ${c.req.method} ${c.req.path}`));
};
