import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../../src/consolidation/index.js';
import { consolidateMemory } from '../../../src/jobs/index.js';
import { recordedRuns } from '../../../src/jobs/history/readChanges.js';
import { undoRun } from '../../../src/jobs/history/undoRun.js';
import { sha256Hex } from '../../../src/fs/sha256.js';
import { dirSnapshot } from '../../support/dirSnapshot.js';
import { fcRuns } from '../../support/fcRuns.js';
import { topicText, writeDriftedMemory } from '../../support/memoryFiles.js';
import { tempDir } from '../../support/tempDir.js';

/** The sha256 of a file's base64 bytes, or null when there is no such file. */
const shaOf = (base64: string | undefined): string | null => (base64 === undefined ? null : sha256Hex(Buffer.from(base64, 'base64')));

const files = (memory: string) => dirSnapshot(memory, (path) => path !== '.consolidate-lock');

const STATEMENTS = [
  ['staging-port', 'The staging API runs on port 7070.'],
  ['indent-tabs', 'Indent with tabs, never spaces.'],
  ['deploy-day', 'We deploy on Thursdays only.'],
  ['review-rule', 'Every change needs one review before merge.'],
] as const;

const candidate = (index: number, day: number): MemoryCandidate => {
  const [name, body] = STATEMENTS[index % STATEMENTS.length] ?? STATEMENTS[0];
  const saidAt = `2026-04-${String(10 + day).padStart(2, '0')}T09:00:00.000Z`;
  return {
    type: 'feedback',
    name,
    description: body,
    body,
    saidAt,
    sources: [{ session: 's-1', uuid: `u-${index}-${day}`, timestamp: saidAt }],
  };
};

type Action =
  | { readonly kind: 'consolidate'; readonly said: readonly number[] }
  | { readonly kind: 'edit'; readonly file: string; readonly text: string }
  | { readonly kind: 'remove'; readonly file: string };

const FILES = ['tabs.md', 'indent-tabs.md', 'staging-port.md', 'MEMORY.md', 'note.md'];
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('consolidate' as const), said: fc.array(fc.nat(3), { maxLength: 2 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), file: fc.constantFrom(...FILES), text: fc.string({ maxLength: 20 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), file: fc.constantFrom(...FILES) }) },
);

async function act(memory: string, step: Action, day: number): Promise<void> {
  if (step.kind === 'edit')
    writeFileSync(
      join(memory, step.file),
      step.file === 'MEMORY.md' ? `${step.text}\n` : topicText(step.file.slice(0, -3), step.text, step.text, '2026-04-01T00:00:00.000Z'),
    );
  else if (step.kind === 'remove') rmSync(join(memory, step.file), { force: true });
  else
    await consolidateMemory({
      memoryDir: memory,
      force: true,
      candidates: step.said.map((i) => candidate(i, day)),
      now: () => new Date(`2026-04-${String(10 + day).padStart(2, '0')}T12:00:00.000Z`),
    });
}

describe('undo after any sequence of runs', () => {
  it('restores what the run changed byte for byte and nothing else, or refuses and changes nothing when a later change would be lost; the undo undone gives the directory back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 5 }), fc.nat(), fc.boolean(), async (actions, pick, force) => {
        const memory = writeDriftedMemory(join(tempDir(), 'project', 'memory'));
        /** The directory before and after each action, and the action each run came from. */
        const states: { before: Record<string, string>; after: Record<string, string> }[] = [];
        const actionOf = new Map<string, number>();
        for (const [day, step] of actions.entries()) {
          const before = files(memory);
          await act(memory, step, day);
          states.push({ before, after: files(memory) });
          for (const run of recordedRuns(memory)) if (!actionOf.has(run.id)) actionOf.set(run.id, day);
        }
        const runs = recordedRuns(memory);
        fc.pre(runs.length > 0);
        const run = runs[pick % runs.length];
        if (run === undefined) return;
        const touched = new Map(run.files.map((f) => [f.file, f]));
        const beforeUndo = files(memory);
        const result = await undoRun({ memoryDir: memory, target: run.id, force });
        const now = files(memory);
        if (result.status === 'refused') {
          expect(force).toBe(false);
          expect(now).toEqual(beforeUndo);
          expect(result.conflicts.length).toBeGreaterThan(0);
          for (const c of result.conflicts) expect(shaOf(beforeUndo[c.file])).not.toEqual(touched.get(c.file)?.after);
          return;
        }
        // Every file the run changed has the bytes it had before the run; every other is as it was.
        for (const file of new Set([...Object.keys(now), ...Object.keys(beforeUndo), ...touched.keys()])) {
          const change = touched.get(file);
          if (change === undefined) expect(now[file], file).toEqual(beforeUndo[file]);
          else expect(shaOf(now[file]), file).toEqual(change.before);
        }
        // The newest action's only run, undone: the directory is as it was before that action, byte for byte.
        const last = actions.length - 1;
        const alone = [...actionOf].filter(([, day]) => day === last).length === 1;
        if (actionOf.get(run.id) === last && alone) expect(now).toEqual(states[last]?.before);
        await undoRun({ memoryDir: memory, target: 'last' });
        expect(files(memory)).toEqual(beforeUndo);
      }),
      { numRuns: Math.max(5, Math.floor(fcRuns / 5)) },
    );
  }, 600_000);
});
