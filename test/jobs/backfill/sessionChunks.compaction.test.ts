import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJsonl } from '../../../bench/sessionGen.js';
import { readSessionView, unrecordedChunks, type SessionChunk } from '../../../src/jobs/backfill/sessionChunks.js';
import { appendEffectsSync } from '../../../src/pipeline/effectLog.js';
import { candidatesRecord } from '../../../src/pipeline/effectRecords.js';
import { assistantEntry, compactBoundaryEntry, compactSummaryEntry, text, userEntry } from '../../../src/testing/entryBuilders.js';
import type { Entry } from '../../../src/transcript/entrySchema.js';
import { tempDir } from '../../support/tempDir.js';

const t = (minute: number): string => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

/** Six turns, compacted after the third: what the person said before the compaction is only in the first half of the file. */
function compactedSession(): string {
  const entries: Entry[] = [];
  let parent: string | null = null;
  for (let n = 1; n <= 6; n++) {
    if (n === 4) {
      entries.push(compactBoundaryEntry('boundary', parent!, undefined, { timestamp: t(n * 2 - 1) }));
      entries.push(compactSummaryEntry('summary', 'boundary', 'We worked on turns 1 to 3.', { timestamp: t(n * 2 - 1) }));
      parent = 'summary';
    }
    entries.push(userEntry(`u${n}`, `prompt ${n}`, { parentUuid: parent, timestamp: t(n * 2) }));
    entries.push(assistantEntry(`a${n}`, `m${n}`, text(`answer ${n} `.repeat(40)), { parentUuid: `u${n}`, timestamp: t(n * 2 + 1) }));
    parent = `a${n}`;
  }
  const dir = tempDir();
  const path = join(dir, '00000000-0000-4000-8000-00000000000c.jsonl');
  writeFileSync(path, toJsonl(entries));
  return path;
}

/**
 * A prompt that set off an automatic compaction before any answer, whose boundary names a logical
 * parent the file does not hold (seen in 2.1.45): the boundary starts a chain of its own, read on
 * from the prompt, so the summary would follow the prompt and be read with it as one user message.
 */
function compactedRightAfterPrompt(): string {
  const entries: Entry[] = [
    userEntry('u1', 'prompt 1', { parentUuid: null, timestamp: t(1) }),
    assistantEntry('a1', 'm1', text('answer 1'), { parentUuid: 'u1', timestamp: t(2) }),
    userEntry('u2', 'prompt 2', { parentUuid: 'a1', timestamp: t(3) }),
    compactBoundaryEntry('boundary', 'not-in-the-file', undefined, { timestamp: t(4) }),
    compactSummaryEntry('summary', 'boundary', 'This session is being continued from a previous conversation. Always use tabs.', {
      timestamp: t(4),
    }),
    assistantEntry('a2', 'm2', text('answer 2'), { parentUuid: 'summary', timestamp: t(5) }),
  ];
  const path = join(tempDir(), '00000000-0000-4000-8000-00000000000d.jsonl');
  writeFileSync(path, toJsonl(entries));
  return path;
}

const cited = (chunks: Iterable<SessionChunk>): string[] => [...chunks].flatMap((c) => c.messages.map((m) => m.uuid));

const recordedChunk = (first: string, last: string) =>
  candidatesRecord({
    at: { seq: 0, uuid: last },
    chunkId: first,
    first,
    last,
    candidates: [],
    tokens: { chunk: 1, input: 1, output: 1 },
  });

describe('backfill chunks of a compacted session', () => {
  it('cover the whole session, what the compaction summarised included, and not the summary', () => {
    const view = readSessionView(compactedSession(), join(tempDir(), 'effects.jsonl'));
    const chunks = [...unrecordedChunks(view, 100)];
    expect(cited(chunks)).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3', 'u4', 'a4', 'u5', 'a5', 'u6', 'a6']);
    expect(chunks.flatMap((c) => c.messages.map((m) => m.text)).join('\n')).not.toContain('We worked on turns 1 to 3.');
  });

  it('leave out a summary written right after a prompt: it is not the words of the prompt it follows (decision 106)', () => {
    const chunks = [...unrecordedChunks(readSessionView(compactedRightAfterPrompt(), join(tempDir(), 'effects.jsonl')), 100)];
    const prompt = chunks.flatMap((c) => c.messages).find((m) => m.uuid === 'u2');
    expect(prompt?.texts).toEqual(['prompt 2']);
    expect(chunks.flatMap((c) => c.messages.map((m) => m.text)).join('\n')).not.toContain('Always use tabs');
  });

  it('after a run that read only the part after the compaction, send the part before once, and nothing of what was read', () => {
    const session = compactedSession();
    const effects = join(tempDir(), 'effects.jsonl');
    // What an earlier memlog recorded: it saw the summary and turns 4 to 6, in two chunks.
    appendEffectsSync(effects, [recordedChunk('u4', 'a5'), recordedChunk('u6', 'a6')]);
    expect(cited(unrecordedChunks(readSessionView(session, effects), 100))).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    appendEffectsSync(effects, [recordedChunk('u1', 'a3')]);
    expect([...unrecordedChunks(readSessionView(session, effects), 100)]).toEqual([]);
  });
});
