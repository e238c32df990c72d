import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFileSource } from '../../src/index.js';
import { loadInstructionFiles, readInstructionText } from '../../src/context/index.js';
import { niceTicks } from '../../src/report/chartGeometry.js';
import { tempDir } from '../support/tempDir.js';

/** Inputs found in review that hung, read outside the project or blew up. */
describe('hostile instruction files and numbers', () => {
  it('a FIFO named by an @import is refused, not waited on', () => {
    const cwd = tempDir();
    execFileSync('mkfifo', [join(cwd, 'notes')]);
    writeFileSync(join(cwd, 'CLAUDE.md'), 'See @notes\n');
    const load = loadInstructionFiles(nodeFileSource, {
      cwd,
      configDir: join(cwd, 'no-config'),
      managedDir: join(cwd, 'no-managed'),
      home: join(cwd, 'no-home'),
    });
    expect(load.files.map((f) => f.content.trim())).toEqual(['See @notes']);
    expect(load.diagnostics.map((d) => d.message).join(' ')).toMatch(/not a regular file/);
  });

  it('a link inside the working directory that leads out of it is not followed', () => {
    const base = tempDir();
    const cwd = join(base, 'proj');
    mkdirSync(cwd);
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'o.md'), 'OUTSIDE SECRET');
    symlinkSync(join(base, 'outside', 'o.md'), join(cwd, 'link.md'));
    writeFileSync(join(cwd, 'CLAUDE.md'), 'Read @link.md\n');
    const load = loadInstructionFiles(nodeFileSource, {
      cwd,
      configDir: join(base, 'no-config'),
      managedDir: join(base, 'no-managed'),
      home: join(base, 'no-home'),
    });
    expect(JSON.stringify(load.files)).not.toContain('OUTSIDE SECRET');
    expect(load.diagnostics.map((d) => d.code)).toContain('import_external');
  });

  it('a file of comment openers is read in one pass, and brace expansion in paths: is capped', () => {
    // Quadratic before: 200,000 characters took over a minute.
    const openers = readInstructionText('<!--\n'.repeat(40_000));
    expect(openers.content.length).toBeGreaterThan(0);
    const rule = readInstructionText(`---\npaths: "${'{a,b}'.repeat(24)}"\n---\nrule\n`);
    expect(rule.globs?.length).toBe(1_000);
  });

  it('a token total that overflows to Infinity gets an axis with one tick, not an endless loop', () => {
    expect(niceTicks(Number.POSITIVE_INFINITY, 5)).toEqual([0]);
    expect(niceTicks(Number.NaN, 5)).toEqual([0]);
  });
});
