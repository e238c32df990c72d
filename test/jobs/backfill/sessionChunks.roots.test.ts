import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJsonl } from '../../../bench/sessionGen.js';
import { readSessionView, unrecordedChunks } from '../../../src/jobs/backfill/sessionChunks.js';
import { HistorySkeleton } from '../../../src/resume/historySkeleton.js';
import { skeletonHistory } from '../../../src/resume/skeletonHistory.js';
import { assistantEntry, text, userEntry } from '../../../src/testing/entryBuilders.js';
import type { Entry } from '../../../src/transcript/entrySchema.js';
import { tempDir } from '../../support/tempDir.js';

const t = (minute: number): string => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const CONTINUED =
  'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis: the user asked to always use pnpm.';

/**
 * A session as Claude Code 1.0.x wrote one: each chain after an interruption or an old-style
 * compaction starts again with no parent (the last one with the continuation summary), and a
 * subagent's sidechain, also parentless, sits between them.
 */
function rootedSession(): string {
  const entries: Entry[] = [];
  const turn = (n: number, prompt: string, parentUuid: string | null) => {
    entries.push(userEntry(`u${n}`, prompt, { parentUuid, timestamp: t(n * 3) }));
    entries.push(assistantEntry(`a${n}`, `m${n}`, text(`answer ${n}`), { parentUuid: `u${n}`, timestamp: t(n * 3 + 1) }));
  };
  turn(1, 'Always use pnpm in this repository.', null);
  turn(2, 'Now add the login form.', 'a1');
  entries.push(userEntry('side1', 'Find the login form files.', { parentUuid: null, isSidechain: true, timestamp: t(7) }));
  entries.push(assistantEntry('side2', 'ms', text('Found them.'), { parentUuid: 'side1', isSidechain: true, timestamp: t(8) }));
  turn(3, 'Never push straight to main.', null);
  entries.push(userEntry('c4', CONTINUED, { parentUuid: null, timestamp: t(11) }));
  turn(5, 'The staging API runs on port 9090.', 'c4');
  const path = join(tempDir(), '00000000-0000-4000-8000-0000000000ab.jsonl');
  writeFileSync(path, toJsonl(entries));
  return path;
}

describe('backfill over a session with several parentless roots', () => {
  it("reads every main-thread message once, in file order, the sidechain and the continuation summary not as the person's", () => {
    const view = readSessionView(rootedSession(), join(tempDir(), 'effects.jsonl'));
    const messages = [...unrecordedChunks(view, 10_000)].flatMap((c) => c.messages);
    expect(messages.map((m) => m.uuid)).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3', 'u5', 'a5']);
    expect(messages.filter((m) => m.human).map((m) => m.uuid)).toEqual(['u1', 'u2', 'u3', 'u5']);
    expect(messages.map((m) => m.text).join('\n')).not.toContain('Find the login form files.');
    expect(messages.map((m) => m.text).join('\n')).not.toContain('This session is being continued');
  });
});

/**
 * A session as Claude Code 2.1.2x could write one: a turn's entries point at a progress line that was never written,
 * so the file holds no entry with that uuid and a resume starts the conversation there (decision 152).
 */
function danglingEntries(): Entry[] {
  return [
    userEntry('u1', 'Always run the linter before a commit.', { parentUuid: null, timestamp: t(1) }),
    assistantEntry('a1', 'm1', text('Noted.'), { parentUuid: 'u1', timestamp: t(2) }),
    userEntry('u2', 'The staging API runs on port 9090.', { parentUuid: 'never-written-progress', timestamp: t(3) }),
    assistantEntry('a2', 'm2', text('Thanks.'), { parentUuid: 'u2', timestamp: t(4) }),
  ];
}

function danglingSession(): string {
  const path = join(tempDir(), '00000000-0000-4000-8000-0000000000ac.jsonl');
  writeFileSync(path, toJsonl(danglingEntries()));
  return path;
}

describe('backfill over a session whose chain points at a line the file does not hold', () => {
  it('reads the messages written before the missing parent too, once and in order', () => {
    const view = readSessionView(danglingSession(), join(tempDir(), 'effects.jsonl'));
    const messages = [...unrecordedChunks(view, 10_000)].flatMap((c) => c.messages);
    expect(messages.map((m) => m.uuid)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(messages.filter((m) => m.human).map((m) => m.uuid)).toEqual(['u1', 'u2']);
  });

  it('leaves the resume where Claude Code leaves it: at the entry whose parent is missing', () => {
    const skeleton = new HistorySkeleton();
    danglingEntries().forEach((entry, seq) => skeleton.add(seq, entry));
    const uuids = (seqs: Int32Array): string[] => [...seqs].map((seq) => ['u1', 'a1', 'u2', 'a2'][seq] ?? '?');
    expect(uuids(skeletonHistory(skeleton).seqs)).toEqual(['u2', 'a2']);
    expect(uuids(skeletonHistory(skeleton, { stitchRoots: true }).seqs)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });
});
