import { defineConfig } from 'vitest/config';

const setupFiles = ['test/support/consoleGuard.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.property.test.ts', 'test/**/*.int.test.ts'],
          setupFiles,
        },
      },
      { test: { name: 'property', include: ['test/**/*.property.test.ts'], setupFiles, testTimeout: 60_000 } },
      {
        test: {
          name: 'int',
          include: ['test/**/*.int.test.ts'],
          setupFiles,
          globalSetup: ['test/support/cliBundle.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
