import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { launch, tempDir } from '../support/service-process.ts';

// Every entry point that can hold the embedded engine (chDB) on its own stops cleanly, start after
// start: SIGTERM as soon as it listens (a supervisor restarting it, the engine still loading in
// its background threads), "stopped", then exit 0 without running the exit handlers. Those would
// run the engine's own, which tear its global state down under its background threads: a SIGSEGV
// after "stopped", once in tens of stops. The mark preloaded below shows whether they ran on every
// stop, where the crash itself shows only now and then. The all-in-one service is checked the
// same way in start.test.ts.

const EXIT_HANDLERS_MARK = fileURLToPath(new URL('../support/ops/fixtures/exit-handlers-mark.mjs', import.meta.url));
/** Quick restarts on one data folder per entry; a few keep the file short, the mark catches every one. */
const CYCLES = 3;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(['apps/ingest-api/src/main.ts', 'apps/query-api/src/main.ts'])('%s on the embedded engine', (entry) => {
  it(`stops ${CYCLES} times in a row: "stopped", exit 0, no exit handlers`, { timeout: 120_000 }, async () => {
    const dataDir = tempDir('stop');
    dirs.push(dataDir);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const service = await launch({ DATA_DIR: dataDir }, { entry, preload: [EXIT_HANDLERS_MARK] });
      // 'close', not 'exit': by then every line the process printed has been read.
      const closed = new Promise<void>((resolve) => service.child.once('close', () => resolve()));
      service.child.kill('SIGTERM');
      const ending = await service.exited;
      await closed;
      const why = `cycle ${cycle}; last lines:\n${service.tail()}`;
      expect(ending, why).toEqual({ code: 0, signal: null });
      expect(service.logged('stopped'), why).toBeDefined();
      expect(service.logged('exit handlers ran'), why).toBeUndefined();
    }
  });
});
