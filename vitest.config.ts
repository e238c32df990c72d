import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const setupFiles = ['test/support/consoleGuard.ts', 'test/support/tempDirCleanup.ts'];
// No test file changes global state another could see (no module mocks, no env or cwd changes; the
// console guard restores its spies), so files share a worker's loaded modules instead of loading
// them again each: decision 50.
const isolate = false;

export default defineConfig({
  test: {
    // One worker more than cores (vitest's default is one fewer): an integration test mostly waits
    // for the child process it started, so with one worker per core the cores sit idle. Decision 50.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.property.test.ts', 'test/**/*.int.test.ts', 'test/long/**'],
          setupFiles,
          isolate,
          // A unit test takes milliseconds alone; on a loaded 2-core laptop the default 5 s is within
          // ten times of some (a walk over 70,000 steps), so time is no test's business here.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'property',
          include: ['test/**/*.property.test.ts'],
          setupFiles,
          isolate,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['test/**/*.int.test.ts'],
          setupFiles,
          isolate,
          globalSetup: ['test/support/cliBundle.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // Minutes of child processes over generated gigabytes: only when asked (npm run test:long).
      ...(process.env['MEMLOG_LONG_TESTS'] === '1'
        ? [
            {
              test: {
                name: 'long',
                include: ['test/long/**/*.long.test.ts'],
                setupFiles,
                isolate,
                testTimeout: 1_200_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
    ],
  },
});
