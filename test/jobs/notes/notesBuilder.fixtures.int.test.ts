import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSessionNotes, DEFAULT_NOTES_TEMPLATE, OfflineModel } from '../../../src/index.js';
import { DEFAULT_UPDATE_PROMPT, splitNotes } from '../../../src/memory/session/index.js';
import { demoProjects, hasShared, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const config = { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] };

/** Main-session transcripts under a folder (subagent sidechains have no notes of their own). */
function sessions(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return name === 'subagents' ? [] : sessions(path);
    return name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') ? [path] : [];
  });
}

async function checkAll(root: string): Promise<void> {
  const heads = splitNotes(DEFAULT_NOTES_TEMPLATE).sections.map((s) => s.head);
  for (const file of sessions(root)) {
    const dir = tempDir();
    const report = await buildSessionNotes({
      transcriptPath: file,
      model: new OfflineModel(),
      config,
      notesPath: join(dir, 'summary.md'),
      effectLogPath: join(dir, 'effects.jsonl'),
    });
    expect(
      report.runs.filter((run) => !run.ok),
      file,
    ).toEqual([]);
    if (report.runs.length === 0) continue;
    const notes = readFileSync(report.notesPath, 'utf8');
    expect(
      splitNotes(notes).sections.map((s) => s.head),
      file,
    ).toEqual(heads);
    expect(
      splitNotes(notes)
        .sections.find((s) => s.title === 'Session Title')!
        .body.trim(),
      file,
    ).not.toBe('');
  }
}

describe('memlog notes on every fixture session, offline', () => {
  it('the bundled demo sessions', () => checkAll(demoProjects));
  it.runIf(hasShared)('every real Claude Code transcript in ../shared/fixtures', () => checkAll(sharedFixtures), 60_000);
});
