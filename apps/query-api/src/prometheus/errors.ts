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
    readonly errorType: 'bad_data' | 'execution' | 'timeout' | 'canceled',
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
