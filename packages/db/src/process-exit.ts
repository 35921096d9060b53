import pino, { type Logger } from 'pino';
import type { Db } from './connection.ts';

/**
 * How a process holding `db` ends once `db` is closed: the `exit` of `startServer`. With the
 * embedded engine, as libc's `_exit(2)` does (exitWithoutNativeTeardown); on a ClickHouse server
 * (no engine in the process), process.exit. Every entry point that opens a Db ends through this,
 * so none can run the engine's exit-time teardown.
 */
export function exitAfterClose(db: Pick<Db, 'mode'>, logger: Logger): (code: number) => void {
  if (db.mode === 'server') return (code) => process.exit(code);
  return (code) => void exitWithoutNativeTeardown(code, logger);
}

/**
 * Ends the process with `code` as `_exit(2)` does: without the exit handlers of the native
 * libraries loaded (nor Node's 'exit' listeners), for a process whose embedded engine is closed.
 * The engine's exit-time handlers tear its global state down while its own background threads
 * (start-up loading, merges) may still be running on it, and one of those can crash on what was
 * torn down: a clean stop that logged "stopped" then ended by SIGSEGV. Skipping them loses
 * nothing: every acknowledged write was committed to the engine's parts before (the ingest log
 * drained, the sessions closed), and the engine recovers from an unclean stop at its next start,
 * as from a kill (docs/decisions/0108-exit-without-engine-teardown.md). The logger is flushed
 * first. Where libc's `_exit` cannot be called (no prebuilt FFI binary), process.exit.
 */
async function exitWithoutNativeTeardown(code: number, logger: Logger): Promise<never> {
  await loggerWritten(logger);
  try {
    const koffi = (await import('koffi')).default;
    const exit = koffi.load('libc.so.6').func('void _exit(int status)') as (status: number) => void;
    exit(code);
  } catch {
    // No prebuilt FFI binary for this platform: exit with the exit handlers (the log is ended).
  }
  process.exit(code);
}

/** How long the exit waits for the log's last lines: a pipe nobody reads does not hold it longer. */
const LOG_WRITTEN_WAIT_MS = 2_000;

type LogStream = NodeJS.EventEmitter & { end?: () => void };

/**
 * Resolves once every line `logger` took is written out. pino's default destination writes
 * asynchronously, and its flush() answers at once when nothing waits in its own buffer, while the
 * last line (`stopped`) may still be in its write: `_exit` would drop it. Ending the stream waits
 * for that write (standard output and error stay open). Bounded by LOG_WRITTEN_WAIT_MS.
 */
function loggerWritten(logger: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, LOG_WRITTEN_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const stream = (logger as unknown as Record<symbol, LogStream | undefined>)[pino.symbols.streamSym];
    if (typeof stream?.end !== 'function') {
      logger.flush(() => done());
      return;
    }
    for (const event of ['finish', 'close', 'error']) stream.once(event, done);
    try {
      stream.end();
    } catch {
      done(); // already ended or destroyed: nothing more will be written
    }
  });
}
