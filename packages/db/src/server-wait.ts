import { EngineSilentError } from './errors.ts';

/**
 * How long past a read's time bound (its max_execution_time) a server's answer is waited for. The
 * engine stops a read at its bound and answers TIMEOUT_EXCEEDED, a little late at most (it checks
 * the time between blocks); a server still silent this long after the bound is not answering at
 * all.
 */
export const SILENT_SERVER_GRACE_MS = 5_000;

/**
 * The client's request timeout for every statement but reads (inserts, commands): a socket idle
 * timer, and how long a read without a bound of its own waits for a server's answer too.
 */
export const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * The reader connections' own request timeout. Every read on them is given up by answeredWithin,
 * at its bound and a grace, or at STATEMENT_TIMEOUT_MS without one; the client's timer only has
 * to stay out of the way, so that a read bounded past a minute (PROMQL_TIMEOUT_MS is 2 minutes by
 * default) is not cut at the minute.
 */
export const READER_REQUEST_TIMEOUT_MS = 24 * 60 * 60_000;

/**
 * Runs a read on a ClickHouse server, giving up when no answer has come SILENT_SERVER_GRACE_MS
 * past `boundMs` (the read's own time bound in the engine), or STATEMENT_TIMEOUT_MS after it
 * started without a bound: `run` gets the abort signal to hand to the client (the caller's
 * `signal`, and the give-up), and the give-up fails the read with an EngineSilentError
 * (isEngineUnreachable).
 */
export async function answeredWithin<T>(
  boundMs: number | undefined,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  const waitMs = boundMs !== undefined && boundMs > 0 ? boundMs + SILENT_SERVER_GRACE_MS : STATEMENT_TIMEOUT_MS;
  const silence = AbortSignal.timeout(waitMs);
  try {
    return await run(signal ? AbortSignal.any([signal, silence]) : silence);
  } catch (err) {
    throw silence.aborted && !signal?.aborted ? new EngineSilentError(waitMs, { cause: err }) : err;
  }
}
