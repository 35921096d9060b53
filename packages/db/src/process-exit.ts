import type { Logger } from 'pino';
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
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  try {
    const koffi = (await import('koffi')).default;
    const exit = koffi.load('libc.so.6').func('void _exit(int status)') as (status: number) => void;
    exit(code);
  } catch (err) {
    logger.debug({ err }, 'exit: _exit is not available; exiting with the exit handlers');
  }
  process.exit(code);
}
