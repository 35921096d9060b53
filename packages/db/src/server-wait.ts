import { EngineSilentError } from './errors.ts';

/**
 * How long past a read's time bound (its max_execution_time) a server's answer is waited for. The
 * engine stops a read at its bound and answers TIMEOUT_EXCEEDED, a little late at most (it checks
 * the time between blocks); a server still silent this long after the bound is not answering at
 * all, and the client's own request timeout (a minute) would keep the request waiting far past the
 * bound its reader was promised.
 */
export const SILENT_SERVER_GRACE_MS = 5_000;

/**
 * Runs a read on a ClickHouse server, giving up SILENT_SERVER_GRACE_MS past `boundMs` (the read's
 * own time bound in the engine) when no answer has come: `run` gets the abort signal to hand to
 * the client (the caller's `signal`, and the give-up), and the give-up fails the read with an
 * EngineSilentError (isEngineUnreachable). Without a bound, `run` as it is, with `signal`.
 */
export async function answeredWithin<T>(
  boundMs: number | undefined,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (boundMs === undefined || boundMs <= 0) return run(signal);
  const waitMs = boundMs + SILENT_SERVER_GRACE_MS;
  const silence = AbortSignal.timeout(waitMs);
  try {
    return await run(signal ? AbortSignal.any([signal, silence]) : silence);
  } catch (err) {
    throw silence.aborted && !signal?.aborted ? new EngineSilentError(waitMs, { cause: err }) : err;
  }
}
