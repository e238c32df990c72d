import { describe, expect, it } from 'vitest';
import { withoutMachinePaths } from '../../../src/memory/durable/machinePaths.js';

describe('a path of the author’s machine is reduced to what it names (decision 120, amended 2026-12-07)', () => {
  it.each([
    ["I don't like this re-export: /Users/ann/code/app/src/bin/flags.ts.", "I don't like this re-export: flags.ts."],
    ['Logs go to /home/bob/work/api/logs/ for now', 'Logs go to logs for now'],
    ['Build into C:\\Users\\ann\\repos\\web\\dist please', 'Build into dist please'],
    ['The fixture lives in /tmp/run-3/fixture.json', 'The fixture lives in fixture.json'],
    ['(see /Volumes/Data/archive)', '(see archive)'],
  ])('%s', (said, kept) => {
    expect(withoutMachinePaths(said)).toBe(kept);
  });

  it('a path that is only a home directory goes whole, its user name with it', () => {
    expect(withoutMachinePaths('Clone it into /Users/ann/ first')).toBe('Clone it into  first');
    expect(withoutMachinePaths('Clone it into C:\\Users\\ann')).toBe('Clone it into ');
  });

  it.each([
    'Keep the entry point in src/cli/main.ts',
    'The notes live in ~/Projects/notes',
    'The route /api/users returns a page',
    'Set SOCKET_PATH=/v1/update in the env',
    'Read https://example.com/Users/ann/docs first',
  ])('"%s" names no machine and stays', (said) => {
    expect(withoutMachinePaths(said)).toBe(said);
  });
});
