/**
 * The log's own errors. It knows nothing of HTTP: callers map these to their answers (the ingest
 * routes: LogFullError to 429, LogWriteError and LogClosedError to 503).
 */
export class LogFullError extends Error {
  override name = 'LogFullError';
  constructor(
    readonly usedBytes: number,
    readonly maxBytes: number,
  ) {
    super(`the ingest log holds ${usedBytes} of its ${maxBytes} bytes; it drains as ClickHouse takes the rows`);
  }
}

/** A write or fdatasync failed (ENOSPC, EIO, ...): the records of that group are not durable. */
export class LogWriteError extends Error {
  override name = 'LogWriteError';
  readonly code: string;
  constructor(cause: unknown) {
    const code = String((cause as { code?: unknown } | null)?.code ?? 'EIO');
    super(`the ingest log could not make the request durable (${code}): ${(cause as Error)?.message ?? cause}`, {
      cause,
    });
    this.code = code;
  }
}

export class LogClosedError extends Error {
  override name = 'LogClosedError';
  constructor() {
    super('the ingest log is closed (shutting down)');
  }
}

/** One record larger than the whole log may hold. */
export class RecordTooLargeError extends Error {
  override name = 'RecordTooLargeError';
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`a record of ${bytes} bytes is larger than the ingest log's budget of ${maxBytes} bytes`);
  }
}

/** Another process (or another open log in this one) owns the directory. */
export class LogLockedError extends Error {
  override name = 'LogLockedError';
  constructor(
    readonly dir: string,
    readonly heldBy: string,
  ) {
    super(
      `the ingest log directory ${dir} is in use by ${heldBy}; each ingest process needs a log directory of its own ` +
        '(set INGEST_LOG_DIR, or DATA_DIR for the all-in-one service)',
    );
  }
}
