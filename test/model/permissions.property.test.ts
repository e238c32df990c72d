import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithin } from '../../src/fs/index.js';
import { memoryGate } from '../../src/model/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

describe('memoryGate', () => {
  it('property: allowed writes are inside the memory directory, allowed reads inside the project or memory, whatever the path or links', async () => {
    const segment = fc.constantFrom('..', '.', 'memory', 'project', 'outside', 'to-out', 'to-project', 'notes.md', 'src', '\uFF0E\uFF0E');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Read', 'Glob', 'Grep', 'Write', 'Edit', 'Bash'),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (tool, parts, fromBase) => {
          const base = tempDir();
          const [project, memory, outside] = ['project', 'memory', 'outside'].map((d) => join(base, d)) as [string, string, string];
          for (const d of [join(project, 'src'), memory, outside]) mkdirSync(d, { recursive: true });
          symlinkSync(outside, join(memory, 'to-out'));
          symlinkSync(project, join(memory, 'to-project'));
          const requested = (fromBase ? `${base}/` : '') + parts.join('/');
          const key = tool === 'Glob' || tool === 'Grep' ? 'path' : 'file_path';
          const verdict = await memoryGate({ readRoots: [project], writeRoot: memory }).check({
            id: 't',
            name: tool,
            input: { [key]: requested },
          });
          if (!verdict.allow) return;
          if (tool === 'Bash') throw new Error('Bash must never be allowed');
          const [realMemory, realProject] = [realpathSync(memory), realpathSync(project)];
          if (tool === 'Write' || tool === 'Edit') expect(isWithin(realMemory, verdict.path)).toBe(true);
          else expect(isWithin(realMemory, verdict.path) || isWithin(realProject, verdict.path)).toBe(true);
          expect(isWithin(realpathSync(outside), verdict.path)).toBe(false);
        },
      ),
      { numRuns: Math.min(fcRuns, 200) },
    );
  });
});
