import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillMemories, extractMemories } from '../../../src/jobs/index.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import { writeDailySession } from '../../support/dailySessions.js';
import { tempDir } from '../../support/tempDir.js';

/** The id writeDailySession's entries carry for day 7. */
const SESSION_ID = '00000007-2222-4222-8222-222222222222';

/** One project whose only transcript is named `full.jsonl`, not by its session's id. */
function renamedTranscript(): string {
  const project = join(tempDir(), 'projects', 'shop');
  mkdirSync(project, { recursive: true });
  const written = writeDailySession(project, 7, ['Never push straight to main, open a pull request.']);
  renameSync(written, join(project, 'full.jsonl'));
  return join(project, '..');
}

const origins = (memoryDir: string): Array<string | undefined> =>
  readdirSync(memoryDir)
    .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
    .map((name) => {
      const parsed = parseTopicFile(readFileSync(join(memoryDir, name), 'utf8'), name.replace(/\.md$/, ''));
      return parsed.ok ? parsed.file.originSessionId : `unreadable ${name}`;
    });

describe("a memory's originSessionId is the session id its transcript's entries carry (decision 68)", () => {
  it('in the two-phase backfill', async () => {
    const out = tempDir();
    const report = await backfillMemories({ root: renamedTranscript(), out, model: new OfflineModel() });
    expect(report.failedSessions).toBe(0);
    expect(origins(join(out, 'shop', 'memory'))).toEqual([SESSION_ID]);
  });

  it('per turn', async () => {
    const out = tempDir();
    const report = await extractMemories({ root: renamedTranscript(), out, model: new OfflineModel() });
    expect(report.failedSessions).toBe(0);
    expect(origins(join(out, 'shop', 'memory'))).toEqual([SESSION_ID]);
  });
});
