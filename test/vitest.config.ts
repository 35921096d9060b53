import { defineConfig } from 'vitest/config';
import shared from '../vitest.shared.ts';

/**
 * Files that run with no other test file beside them: each asserts a rate, a latency or time
 * bound, an RSS ceiling or a timing comparison, or drives the service with a load, kill -9 or an
 * outage, so a second file on the same two cores could fail it for load alone or skew what it
 * measures. Everything else runs two files at a time: each file has its own chDB folder and
 * database (`openTestDb`), its own temp folders (`mkdtemp`) and ports from the OS, so files share
 * nothing but the CPU, and their tests assert answers, not speed.
 */
const ALONE = [
  'ops/backlog.test.ts',
  'ops/client-abort.test.ts',
  'ops/crash.test.ts',
  'ops/graceful-stop.test.ts',
  'ops/memory.test.ts',
  'ops/overload.test.ts',
  'ops/oversized-body.test.ts',
  'ops/server-start.test.ts',
  'ops/storage-failure.test.ts',
  // Medians of a check's cost compared, and a revocation seen elsewhere within a bound.
  'projects/security.test.ts',
  // A deletion visible within 1 s.
  'lifecycle/trace-deletion.test.ts',
  // `pnpm start` runs the build (turbo), which may write the bundles and the web UI's files that
  // other files serve from while they run.
  'process/start.test.ts',
  // The kernel gives back only the pages no other process maps, and a second file's worker maps
  // the same engine library.
  'ops/startup-pages.test.ts',
];

const { include: _include, exclude, ...common } = shared.test ?? {};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'two at a time',
          include: ['**/*.test.ts'],
          exclude: [...(exclude ?? []), ...ALONE],
          maxWorkers: 2,
          // Vitest runs groups in order: these first, then the files alone, with nothing beside them.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
