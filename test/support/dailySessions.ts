import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

/**
 * Small sessions for backfill tests, one a day: each prompt is a turn of its own with a short
 * reply, so a small `--chunk-tokens` puts every turn in a chunk of its own. Deterministic: the
 * same call writes the same bytes. Returns the session file's path.
 */
export function writeDailySession(projectDir: string, day: number, prompts: readonly string[]): string {
  const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
  const sessionId = `${hex(day, 8)}-2222-4222-8222-222222222222`;
  const entries: Entry[] = [];
  let clock = Date.UTC(2026, 2, 2, 9, 0, 0) + day * 86_400_000;
  let parent: string | null = null;
  let n = 0;
  const next = () => {
    clock += 60_000;
    return {
      uuid: `${hex(day, 8)}-0000-4000-8000-${hex(n++, 12)}`,
      parentUuid: parent,
      sessionId,
      timestamp: new Date(clock).toISOString(),
    };
  };
  for (const [turn, prompt] of prompts.entries()) {
    const asked = next();
    entries.push(userEntry(asked.uuid, prompt, asked));
    parent = asked.uuid;
    const answered = next();
    entries.push(
      assistantEntry(answered.uuid, `msg_${day}_${turn}`, text('Done. I looked at it and made the change.'), {
        ...answered,
        stopReason: 'end_turn',
      }),
    );
    parent = answered.uuid;
  }
  mkdirSync(projectDir, { recursive: true });
  const path = join(projectDir, `${sessionId}.jsonl`);
  writeFileSync(path, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return path;
}
