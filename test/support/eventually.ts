import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `check` until it resolves, or throws its last error after `timeoutMs`. For reads after a
 * write made by a client that cannot ask to wait for the commit (OpenTelemetry exporters, SDKs):
 * a 200 means durable, and the rows become readable shortly after (the flush interval).
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(20);
    }
  }
}
