import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer } from '../server.ts';
import { prometheusMissing, type RunningPrometheus, startPrometheus } from './prometheus-process.ts';

/** A real Prometheus and the service, running side by side with the same data. */
export type PrometheusBesideService = { prom: RunningPrometheus; svc: TestServer };

export type BesideServiceOptions = {
  /** The service's test database (one service per file: chDB opens one data folder per process). */
  label: string;
  /** Configuration overrides of the service. */
  env?: Record<string, string>;
  /** Writes the data the tests compare to both, before the first test. */
  load: (running: PrometheusBesideService) => Promise<void>;
  /** How long the start-up and the load may take, in ms. */
  startTimeout?: number;
};

/**
 * A describe whose tests compare the service with a real Prometheus: both started at once (a
 * Prometheus with no scrapes and the remote-write receiver on, the service on a real port) and
 * loaded before its tests, both stopped after them; skipped, saying why in its title, where no
 * Prometheus is installed. `tests` registers the tests; `running`'s fields are set once the
 * start-up ran, so tests read them when they run, not when they are registered.
 */
export function describeBesidePrometheus(
  title: string,
  options: BesideServiceOptions,
  tests: (running: PrometheusBesideService) => void,
): void {
  const missing = prometheusMissing();
  describe.skipIf(missing !== undefined)(`${title} ${missing ?? ''}`, () => {
    const running = {} as PrometheusBesideService;
    beforeAll(async () => {
      // Settled rather than all: whichever started is kept for afterAll to stop when the other fails.
      const [prom, svc] = await Promise.allSettled([startPrometheus(), startTestServer(options.label, options.env)]);
      if (prom.status === 'fulfilled') running.prom = prom.value;
      if (svc.status === 'fulfilled') running.svc = svc.value;
      if (prom.status === 'rejected') throw prom.reason;
      if (svc.status === 'rejected') throw svc.reason;
      await options.load(running);
    }, options.startTimeout ?? 60_000);
    afterAll(async () => {
      await Promise.all([running.prom?.stop(), running.svc?.close()]);
    });
    tests(running);
  });
}
