import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const OFFLINE = { env: { ANTHROPIC_API_KEY: '' } };

describe('memlog extract --record: the calls go into the cassette before the report is printed', () => {
  it.each([[[]], [['--per-turn']]])('%j: the cassette is written, and the report printed as JSON', (mode: string[]) => {
    const dir = tempDir();
    const cassette = join(dir, 'calls.json');
    const run = runCli(
      ['extract', demoProjects, '--out', join(dir, 'out'), '--model', 'offline', '--cassette', cassette, '--record', '--json', ...mode],
      OFFLINE,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(cassette)).toBe(true);
    expect(readFileSync(cassette, 'utf8').length).toBeGreaterThan(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ failedRuns: 0, failedSessions: 0 });
  });
});
