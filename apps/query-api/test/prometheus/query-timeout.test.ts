import type { Db } from '@spanhouse/db';
import { describe, expect, it } from 'vitest';
import { QueryContext } from '../../src/prometheus/engine/query-context.ts';
import type { PromApiError } from '../../src/prometheus/errors.ts';

/** The error check() throws, as the API would answer it. */
function checked(q: QueryContext) {
  try {
    q.check();
    return undefined;
  } catch (err) {
    const e = err as PromApiError;
    return { errorType: e.errorType, error: e.message };
  }
}

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

describe("a query's timeout and its cancellation", () => {
  it('a query whose timeout fired answers timeout, also when the timer fires before the clock reaches the deadline', async () => {
    // Timers count in whole milliseconds of the event loop's clock: a 1 ms timer started at
    // x.9 ms fires at x+1 ms, before performance.now() reaches the deadline.
    const answers = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const q = new QueryContext({} as Db, 'p', { maxSamples: 1000, timeoutMs: 1 }, new AbortController().signal);
      await aborted(q.signal);
      answers.add(JSON.stringify(checked(q)));
    }
    expect([...answers]).toEqual([
      JSON.stringify({ errorType: 'timeout', error: 'query timed out in expression evaluation' }),
    ]);
  });

  it("the client's cancellation answers canceled", async () => {
    const request = new AbortController();
    const q = new QueryContext({} as Db, 'p', { maxSamples: 1000, timeoutMs: 60_000 }, request.signal);
    expect(checked(q)).toBeUndefined();
    request.abort();
    expect(checked(q)).toEqual({ errorType: 'canceled', error: 'query was canceled in expression evaluation' });
  });
});
