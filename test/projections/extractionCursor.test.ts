import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Entry, LogEntry } from '../../src/index.js';
import { createExtractionTrigger, DEFAULT_EXTRACTION_SETTINGS, isClaudeMemoryPath, type Trigger } from '../../src/projections/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { assistantEntry, compactBoundaryEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

function decide<S, D>(trigger: Trigger<S, D, LogEntry>, events: LogEntry[]): D[] {
  let state = trigger.initialState();
  const out: D[] = [];
  for (const event of events) {
    const [next, made] = trigger.step(state, event);
    state = next;
    out.push(...made);
  }
  return [...out, ...trigger.end(state)[1]];
}
const log = (entries: Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));
const fromFile = (path: string): LogEntry[] => readTranscriptFileSync(path).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

let n = 0;
const id = (p: string): string => `${p}${++n}`;
const turn = (words = 'hello'): Entry[] => [userEntry(id('u'), words), assistantEntry(id('a'), id('m'), text('done'))];
const memoryWrite = (path: string): Entry[] => {
  const piece = assistantEntry(id('a'), id('m'), toolUse(id('t'), 'Write', { file_path: path, content: 'x' }));
  const toolId = (piece.message.content as Array<{ id: string }>)[0]!.id;
  return [piece, toolResultEntry(id('r'), toolId, piece.uuid)];
};

const trigger = createExtractionTrigger();

describe('extraction cursor (long-term spec §3)', () => {
  it('is due at the end of every main-thread turn, over the messages since the cursor', () => {
    const decisions = decide(trigger, log([...turn(), ...turn(), ...turn()]));
    expect(decisions.map((d) => [d.kind, d.kind === 'extraction_due' ? d.newMessages : 0])).toEqual([
      ['extraction_due', 2],
      ['extraction_due', 2],
      ['extraction_due', 2],
    ]);
  });

  it('is not due while the turn goes on with tool calls', () => {
    const piece = assistantEntry(id('a'), id('m'), toolUse('t-mid'));
    expect(decide(trigger, log([userEntry(id('u'), 'go'), piece]))).toEqual([]);
  });

  it('is skipped, cursor moved, when the main agent wrote a memory file since the cursor', () => {
    const entries = [userEntry(id('u'), 'remember tabs'), ...memoryWrite('/home/me/.claude/projects/-p/memory/tabs.md'), assistantEntry(id('a'), id('m'), text('saved')), ...turn()];
    const decisions = decide(trigger, log(entries));
    expect(decisions.map((d) => d.kind)).toEqual(['extraction_skipped', 'extraction_due']);
    expect(decisions[1]).toMatchObject({ newMessages: 2 });
  });

  it('runs every Nth eligible turn when told to; skipped turns pile up for the next run', () => {
    const everyTwo = createExtractionTrigger({ ...DEFAULT_EXTRACTION_SETTINGS, everyTurns: 2 });
    const decisions = decide(everyTwo, log([...turn(), ...turn(), ...turn(), ...turn()]));
    expect(decisions.map((d) => (d.kind === 'extraction_due' ? d.newMessages : -1))).toEqual([4, 4]);
  });

  it('falls back to every message since the boundary when the cursor was compacted away', () => {
    const entries = [...turn(), ...turn(), compactBoundaryEntry(id('b'), 'x'), userEntry(id('s'), 'summary'), ...turn()];
    const decisions = decide(trigger, log(entries));
    expect(decisions.map((d) => (d.kind === 'extraction_due' ? d.newMessages : -1))).toEqual([2, 2, 3]);
  });

  it('recognises Claude Code memory paths, team memory included', () => {
    expect(isClaudeMemoryPath('/home/u/.claude/projects/-home-u-app/memory/MEMORY.md')).toBe(true);
    expect(isClaudeMemoryPath('/home/u/.claude/projects/-home-u-app/memory/team/x.md')).toBe(true);
    expect(isClaudeMemoryPath('/home/u/app/src/memory/cache.ts')).toBe(false);
  });

  it('skips the demo turn where the main agent saved the pnpm preference itself', () => {
    const decisions = decide(trigger, fromFile(join(demoProjects, '-home-dev-acme-shop/a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl')));
    expect(decisions.map((d) => d.kind)).toEqual(['extraction_due', 'extraction_due', 'extraction_skipped', 'extraction_due']);
    expect(decisions[2]).toMatchObject({ uuid: expect.stringMatching(/^06554511/) });
  });

  it.runIf(hasShared)('skips the 2.1.332 session where Claude Code wrote prefer-tabs.md itself', () => {
    const file = join(sharedFixtures, 'claude-code-2.1.332/memory-write/-home-user-memory-write/a2ea74f1-8364-4641-85de-78e24afde085.jsonl');
    const decisions = decide(trigger, fromFile(file));
    expect(decisions).toMatchObject([{ kind: 'extraction_skipped', uuid: expect.stringMatching(/^cb49e2a3/) }]);
    expect(decisions[0]?.kind === 'extraction_skipped' && decisions[0].writtenPaths.map((p) => p.split('/').at(-1))).toEqual(['prefer-tabs.md', 'MEMORY.md']);
  });
});
