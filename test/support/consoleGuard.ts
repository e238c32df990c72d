import { afterEach, beforeEach, vi } from 'vitest';

/** Fails a test that writes to the console unexpectedly; stdout of the code under test is its output, not noise. */
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;

beforeEach(() => {
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`unexpected console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});
