import { describe, expect, it } from 'vitest';
import { keySession } from '../../src/archive/keySession.js';

// Decision 107: an archived file's session, named as every command names it.
describe('keySession', () => {
  const keys = new Set([
    '-p/s.jsonl',
    '-p/s/subagents/agent-a.jsonl',
    '-p/s/tool-results/r.txt',
    '-t/00/346db30382/0/full.jsonl',
    '-q/gone/subagents/agent-b.jsonl',
  ]);
  const named = (key: string): string => Object.values(keySession(key, keys)).join(' ');

  it("keeps Claude Code's layout: a transcript, its subagents and tool results are one session of the project folder", () => {
    expect(['-p/s.jsonl', '-p/s/subagents/agent-a.jsonl', '-p/s/tool-results/r.txt'].map(named)).toEqual(['-p s', '-p s', '-p s']);
    expect(named('-q/gone/subagents/agent-b.jsonl')).toBe('-q gone');
  });

  it('names a session three folders below its project by the folders joined with __', () => {
    expect(named('-t/00/346db30382/0/full.jsonl')).toBe('-t__00__346db30382__0 full');
  });
});
