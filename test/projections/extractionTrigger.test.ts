import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry } from '../../src/index.js';
import { createExtractionTrigger, DEFAULT_EXTRACTION_SETTINGS, isClaudeMemoryPath } from '../../src/projections/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { assistantEntry, compactBoundaryEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { triggerSpec } from '../support/givenWhenThen.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

const fromFile = (path: string): LogEntry[] =>
  readTranscriptFileSync(path).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

let n = 0;
const id = (p: string): string => `${p}${++n}`;
const turn = (words = 'hello'): Entry[] => [userEntry(id('u'), words), assistantEntry(id('a'), id('m'), text('done'))];
const memoryWrite = (path: string): Entry[] => {
  const piece = assistantEntry(id('a'), id('m'), toolUse(id('t'), 'Write', { file_path: path, content: 'x' }));
  const toolId = (piece.message.content as Array<{ id: string }>)[0]!.id;
  return [piece, toolResultEntry(id('r'), toolId, piece.uuid)];
};
/** A due decision's count of new messages; -1 marks a skip. */
const newMessagesIfDue = (d: Decision): number => (d.kind === 'extraction_due' ? d.newMessages : -1);

const extraction = triggerSpec(createExtractionTrigger());

describe('extraction cursor (long-term spec §3)', () => {
  it('is due at the end of every main-thread turn, over the messages since the cursor', () => {
    extraction.when(...turn(), ...turn(), ...turn()).thenEach(
      (d) => [d.kind, d.kind === 'extraction_due' ? d.newMessages : 0],
      [
        ['extraction_due', 2],
        ['extraction_due', 2],
        ['extraction_due', 2],
      ],
    );
  });

  it('is not due while the turn goes on with tool calls', () => {
    const piece = assistantEntry(id('a'), id('m'), toolUse('t-mid'));
    extraction.when(userEntry(id('u'), 'go'), piece).thenNothing();
  });

  it('is skipped, cursor moved, when the main agent wrote a memory file since the cursor', () => {
    extraction
      .when(
        userEntry(id('u'), 'remember tabs'),
        ...memoryWrite('/home/me/.claude/projects/-p/memory/tabs.md'),
        assistantEntry(id('a'), id('m'), text('saved')),
        ...turn(),
      )
      .thenMatch([{ kind: 'extraction_skipped' }, { kind: 'extraction_due', newMessages: 2 }]);
  });

  it('runs every Nth eligible turn when told to; skipped turns pile up for the next run, each skip a decision', () => {
    const everyTwo = triggerSpec(createExtractionTrigger({ ...DEFAULT_EXTRACTION_SETTINGS, everyTurns: 2 }));
    everyTwo.when(...turn(), ...turn(), ...turn(), ...turn()).thenEach(newMessagesIfDue, [-1, 4, -1, 4]);
  });

  it('falls back to every message since the boundary when the cursor was compacted away', () => {
    extraction
      .when(...turn(), ...turn(), compactBoundaryEntry(id('b'), 'x'), userEntry(id('s'), 'summary'), ...turn())
      .thenEach(newMessagesIfDue, [2, 2, 3]);
  });

  it('recognises Claude Code memory paths, team memory included', () => {
    expect(isClaudeMemoryPath('/home/u/.claude/projects/-home-u-app/memory/MEMORY.md')).toBe(true);
    expect(isClaudeMemoryPath('/home/u/.claude/projects/-home-u-app/memory/team/x.md')).toBe(true);
    expect(isClaudeMemoryPath('/home/u/app/src/memory/cache.ts')).toBe(false);
  });

  it('skips the demo turn where the main agent saved the pnpm preference itself', () => {
    extraction
      .when(...fromFile(join(demoProjects, '-home-dev-acme-shop/a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl')))
      .thenMatch([
        { kind: 'extraction_due' },
        { kind: 'extraction_due' },
        { kind: 'extraction_skipped', uuid: expect.stringMatching(/^06554511/) },
        { kind: 'extraction_due' },
      ]);
  });

  it.runIf(hasShared)('skips the 2.1.332 session where Claude Code wrote prefer-tabs.md itself', () => {
    const file = join(
      sharedFixtures,
      'claude-code-2.1.332/memory-write/-home-user-memory-write/a2ea74f1-8364-4641-85de-78e24afde085.jsonl',
    );
    extraction
      .when(...fromFile(file))
      .thenEach(
        (d) => [d.kind, d.uuid.slice(0, 8), d.kind === 'extraction_skipped' ? d.writtenPaths.map((p) => p.split('/').at(-1)) : null],
        [['extraction_skipped', 'cb49e2a3', ['prefer-tabs.md', 'MEMORY.md']]],
      );
  });
});
