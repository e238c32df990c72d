import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSessionNotes, DEFAULT_NOTES_TEMPLATE, OfflineModel, readEffectLog } from '../../../src/index.js';
import { DEFAULT_UPDATE_PROMPT } from '../../../src/memory/session/index.js';
import { stagingPath } from '../../../src/jobs/index.js';
import { leftovers } from '../../support/dirSnapshot.js';
import { childScriptArgs } from '../../support/cliBundle.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const transcript = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');
const config = { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] };

describe('a live notes run killed after recording its end', () => {
  it('is found by its run id and finished by the next build, which then ends as one that never crashed', async () => {
    const reference = tempDir();
    await buildSessionNotes({
      transcriptPath: transcript,
      notesPath: join(reference, 'summary.md'),
      effectLogPath: join(reference, 'effects.jsonl'),
      model: new OfflineModel(),
      config,
    });

    const dir = tempDir();
    const notesPath = join(dir, 'summary.md');
    const logPath = join(dir, 'effects.jsonl');
    const child = spawnSync(process.execPath, [...childScriptArgs('liveNotesChild'), transcript, notesPath, logPath], { encoding: 'utf8' });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    // Died between the record and the rename: the log says finished, the notes are the template, the result waits in the run's staging copy.
    const finished = readEffectLog(logPath).records.find((r) => r.type === 'run_finished');
    expect(finished?.runId).toMatch(/^session_notes@\d+$/);
    expect(readFileSync(notesPath, 'utf8')).toBe(DEFAULT_NOTES_TEMPLATE);
    expect(existsSync(stagingPath(notesPath, finished?.runId ?? ''))).toBe(true);

    const report = await buildSessionNotes({
      transcriptPath: transcript,
      notesPath,
      effectLogPath: logPath,
      model: new OfflineModel(),
      config,
    });
    expect(report.runs.every((run) => run.ok)).toBe(true);
    expect(readFileSync(notesPath, 'utf8')).toBe(readFileSync(join(reference, 'summary.md'), 'utf8'));
    expect(leftovers(dir)).toEqual([]);
  });
});
