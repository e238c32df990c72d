import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog memory effect', () => {
  it('on the demo: the pnpm memory was listed in the index of its 2 later sessions and never said again', () => {
    const projects = join(tempDir(), 'projects');
    cpSync(demoProjects, projects, { recursive: true });
    const memory = join(projects, '-home-dev-acme-shop', 'memory');
    const table = runCli(['memory', 'effect', '--dir', memory]);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout.split('\n').slice(0, 2)).toEqual([
      'memory          since       later  read  recalled  index  said again',
      'prefer-pnpm.md  2026-03-02      2     0         0      2           0',
    ]);
    const json = JSON.parse(runCli(['memory', 'effect', '--dir', memory, '--json']).stdout) as {
      totals: { memories: number; withLater: number };
    };
    expect(json.totals).toMatchObject({ memories: 1, withLater: 1, restated: 0 });
  });
});
