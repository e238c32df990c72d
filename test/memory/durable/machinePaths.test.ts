import { describe, expect, it } from 'vitest';
import { withoutMachinePaths } from '../../../src/memory/durable/machinePaths.js';

describe('a home path loses its user’s name and keeps the rest (decision 120, amended 2026-12-07, review 19)', () => {
  it.each([
    ["I don't like this re-export: /Users/ann/code/app/src/bin/flags.ts.", "I don't like this re-export: ~/code/app/src/bin/flags.ts."],
    ['Logs go to /home/bob/work/api/logs/ for now', 'Logs go to ~/work/api/logs/ for now'],
    ['Build into C:\\Users\\ann\\repos\\web\\dist please', 'Build into ~\\repos\\web\\dist please'],
    ['Read D:/Users/kim/notes/todo.md first', 'Read ~/notes/todo.md first'],
  ])('%s', (said, kept) => {
    expect(withoutMachinePaths(said)).toBe(kept);
  });

  it('a path that is only a home directory becomes "~", never nothing', () => {
    expect(withoutMachinePaths('/home/ann is where my dotfiles are.')).toBe('~ is where my dotfiles are.');
    expect(withoutMachinePaths('Clone it into /Users/ann/ first')).toBe('Clone it into ~/ first');
    expect(withoutMachinePaths('Clone it into C:\\Users\\ann')).toBe('Clone it into ~');
  });
});

describe('a generated temp folder becomes "…", the rest of its path kept (decision 120, amended 2026-12-07)', () => {
  it.each([
    ['The fixture lives in /tmp/tmp.k2J9sd/fixture.json.', 'The fixture lives in /tmp/…/fixture.json.'],
    ['Vitest wrote /tmp/vitest-a8Fz3q/out/report.xml', 'Vitest wrote /tmp/…/out/report.xml'],
    ['See /var/folders/zz/x8h2k9q1n0000gn/T/memlog-Q2w9Er/a.ts', 'See /var/folders/…/T/…/a.ts'],
    ['Clean /private/var/folders/q7/abc123def/T/ weekly', 'Clean /private/var/folders/…/T/ weekly'],
  ])('%s', (said, kept) => {
    expect(withoutMachinePaths(said)).toBe(kept);
  });
});

describe('a path that names no user stays as written (decision 120, amended 2026-12-07, review 19)', () => {
  it.each([
    'Logs are written to /var/log/myapp/ on the prod box.',
    'Homebrew node is /opt/homebrew/bin/node, never use it.',
    'Put scratch files in /tmp/ only.',
    'Our NAS is mounted at /Volumes/Shared/builds for the team.',
    'Fixtures live in /srv/fixtures/payments',
    'The fixture lives in /tmp/run-3/fixture.json',
    'Scratch output goes to /tmp/my-project/out',
    'Builds go to /tmp/Build2024/ and /tmp/python3/lib',
    'Backups land in /mnt/backup/db and D:\\builds\\out',
    'Keep the entry point in src/cli/main.ts',
    'The notes live in ~/Projects/notes',
    'The route /api/users returns a page',
    'Set SOCKET_PATH=/v1/update in the env',
    'Read https://example.com/Users/ann/docs first',
  ])('"%s"', (said) => {
    expect(withoutMachinePaths(said)).toBe(said);
  });
});
