import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDriftedMemory } from '../support/memoryFiles.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog undo', () => {
  it('refuses with exit 1 and names the file changed since; --force undoes; --last undoes the undo', () => {
    const memory = writeDriftedMemory(join(tempDir(), 'project', 'memory'));
    const tabs = readFileSync(join(memory, 'tabs.md'), 'utf8');
    // Through the CLI: a consolidation in this process would leave its live pid in the lock.
    expect(runCli(['consolidate', memory, '--force']).status).toBe(0);
    appendFileSync(join(memory, 'MEMORY.md'), '- a line added by hand\n');
    const refused = runCli(['undo', 'consolidation@0', '--dir', memory]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('MEMORY.md: left as');
    expect(refused.stdout).toContain('changed not by a recorded run (by hand, or by Claude Code)');
    const forced = runCli(['undo', 'consolidation@0', '--dir', memory, '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('undo@0: undid consolidation@0');
    expect(readFileSync(join(memory, 'tabs.md'), 'utf8')).toBe(tabs);
    const back = runCli(['undo', '--last', '--dir', memory, '--json']);
    expect(JSON.parse(back.stdout)).toMatchObject({ status: 'undone', runId: 'undo@1', undid: 'undo@0' });
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toContain('- a line added by hand');
  });

  it('a run and --last together, or neither, or a run never recorded, is a usage error (exit 2)', () => {
    const memory = writeDriftedMemory(join(tempDir(), 'project', 'memory'));
    for (const args of [
      ['undo', '--dir', memory],
      ['undo', 'x@1', '--last', '--dir', memory],
      ['undo', 'consolidation@4', '--dir', memory],
    ]) {
      const result = runCli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^memlog: /);
    }
  });
});
