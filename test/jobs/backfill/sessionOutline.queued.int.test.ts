import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyMessages } from '../../../src/jobs/backfill/historyMessages.js';
import { readSessionOutline } from '../../../src/jobs/backfill/sessionOutline.js';
import { assistantEntry, sideEntry, text, toolResultEntry, toolUse, userEntry } from '../../../src/testing/entryBuilders.js';
import { serializeEntry, type Entry } from '../../../src/transcript/entrySchema.js';
import { tempDir } from '../../support/tempDir.js';

// The backfill reads words queued while the agent worked where its history holds them (decision 100). Example words written for this test.
const words = 'Wait: always run the linter before a commit.';

function outlineOf(entries: readonly Entry[]) {
  const path = join(tempDir(), 'session.jsonl');
  writeFileSync(path, entries.map((entry) => `${serializeEntry(entry)}\n`).join(''));
  return readSessionOutline(path, new Set());
}

describe('the backfill’s outline places queued words on the history it reads', () => {
  it('words handed over with a copy of a tool result the history drops are read once, with the copy it keeps', () => {
    const outline = outlineOf([
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      toolResultEntry('r1', 't1', 'a1'),
      assistantEntry('a1b', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      sideEntry('queue-operation', { operation: 'enqueue', content: words }),
      sideEntry('queue-operation', { operation: 'remove' }),
      toolResultEntry('r1b', 't1', 'a1b'),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'r1b' }),
    ]);
    expect(Object.fromEntries(outline.typed.queued)).toEqual({ r1: [words] });
    const carrying = [...historyMessages(outline)].filter(({ message }) =>
      message.content.some((block) => block.type === 'text' && block.text === words),
    );
    expect(carrying.map(({ message }) => message.sources)).toEqual([['r1']]);
  });
});
