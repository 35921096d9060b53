/**
 * An error of the Prometheus HTTP API, answered in its envelope
 * `{status: "error", errorType, error}`: bad_data (400) for a query or parameter we cannot parse or
 * do not support (the message says which), execution (422) for a query that cannot be evaluated
 * (Prometheus' status for them), timeout and canceled (503, as Prometheus answers a query that ran
 * out of time).
 */
export class PromApiError extends Error {
  override name = 'PromApiError';
  constructor(
    readonly errorType: 'bad_data' | 'execution' | 'timeout' | 'canceled' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
  get status(): 400 | 422 | 503 {
    return this.errorType === 'bad_data' ? 400 : this.errorType === 'execution' ? 422 : 503;
  }
}

export const badData = (message: string) => new PromApiError('bad_data', message);
export const unsupported = (what: string) =>
  new PromApiError('bad_data', `unsupported: ${what} (see docs/prometheus.md for the supported PromQL)`);

/** A query that fails while it runs (Prometheus' execution errors, 422). */
export const execution = (message: string) => new PromApiError('execution', message);

/**
 * ClickHouse's refusal of a regex its RE2 cannot compile (code 427), which decides a matcher's
 * validity (parse.ts), as bad_data with RE2's reason, `invalid regular expression: error parsing
 * regexp: missing ): ^(?:(1)$`; the SQL and the values the engine quotes around it are left out.
 * Undefined for any other error.
 */
export function regexRefusal(err: unknown): PromApiError | undefined {
  if (!(err instanceof Error) || err.constructor.name !== 'ClickHouseError') return undefined;
  if (String((err as { code?: unknown }).code) !== '427') return undefined;
  // RE2 quotes the pattern as sent, anchoredRe2's flag first, which Prometheus' has not.
  const reason = /cannot compile re2: .*?, error: (.*?)\. Look at /s
    .exec(err.message)?.[1]
    ?.replace('(?-s)^(?:', '^(?:');
  return badData(`invalid regular expression: error parsing regexp${reason ? `: ${reason}` : ''}`);
}
