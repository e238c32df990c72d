import { cpSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildSessionNotes,
  DEFAULT_NOTES_TEMPLATE,
  loadNotesConfig,
  readEffectLog,
  type ContentBlock,
  type ModelPort,
  type ModelReply,
} from '../../../src/index.js';
import { ZERO_USAGE } from '../../../src/model/index.js';
import { demoProjects } from '../../support/paths.js';
import { runCli } from '../../support/runCli.js';
import { tempDir } from '../../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

/** A copy of a demo project in a fresh folder; returns that folder (the cwd of the runs). */
function project(): string {
  const dir = tempDir();
  cpSync(join(demoProjects, '-home-dev-acme-shop'), join(dir, 'project'), { recursive: true });
  return dir;
}

const finished = (records: ReturnType<typeof readEffectLog>['records']) =>
  records.filter((r) => r.type === 'run_finished' && r.run === 'session_notes');

/** The notes must hold what the offline model writes from this session, not the empty template. */
function expectWritten(path: string): void {
  const notes = readFileSync(path, 'utf8');
  expect(notes).not.toBe(DEFAULT_NOTES_TEMPLATE);
  expect(notes).toContain('never commit directly to main');
}

describe('memlog notes: paths as people type them', () => {
  it('a relative transcript path: the notes are written, not silently left as the template', () => {
    const cwd = project();
    const result = runCli(['notes', join('project', `${SESSION}.jsonl`), '--model', 'offline', '--config-dir', tempDir()], { cwd });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expectWritten(join(cwd, 'project', SESSION, 'session-memory', 'summary.md'));
  });

  it('a relative --notes with a folder part', () => {
    const cwd = project();
    mkdirSync(join(cwd, 'out'));
    const result = runCli(
      ['notes', join('project', `${SESSION}.jsonl`), '--notes', join('out', 'notes.md'), '--model', 'offline', '--config-dir', tempDir()],
      { cwd },
    );
    expect(result.status).toBe(0);
    expectWritten(join(cwd, 'out', 'notes.md'));
  });

  it.each([
    ['leads to notes that exist', true],
    ['leads to notes not written yet (a dangling link)', false],
  ])('a --notes that is a symbolic link that %s: the file it leads to is written, and the link stays a link', (_name, exists) => {
    const cwd = project();
    mkdirSync(join(cwd, 'real'));
    mkdirSync(join(cwd, 'links'));
    const target = join(cwd, 'real', 'notes.md');
    if (exists) writeFileSync(target, DEFAULT_NOTES_TEMPLATE);
    const link = join(cwd, 'links', 'notes.md');
    symlinkSync(join('..', 'real', 'notes.md'), link);
    const result = runCli(
      ['notes', join(cwd, 'project', `${SESSION}.jsonl`), '--notes', link, '--model', 'offline', '--config-dir', tempDir()],
      { cwd },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expectWritten(target);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a run whose every edit the gate refuses is a failed run: the covered position does not move', async () => {
    const cwd = project();
    const transcriptPath = join(cwd, 'project', `${SESSION}.jsonl`);
    const notesPath = join(cwd, 'notes.md');
    const logPath = join(cwd, 'effects.jsonl');
    // A model that edits a file that is not the notes, then stops: every run, one refused edit.
    const model: ModelPort = {
      name: 'misdirected',
      complete: (request): Promise<ModelReply> => {
        const afterTool = JSON.stringify(request.messages.at(-1)?.content ?? '').includes('toolu_misdirected');
        const content: ContentBlock[] = afterTool
          ? [{ type: 'text', text: 'done' }]
          : [
              {
                type: 'tool_use',
                id: 'toolu_misdirected',
                name: 'Edit',
                input: { file_path: join(cwd, 'elsewhere.md'), old_string: '# Session Title', new_string: '# Session Title x' },
              },
            ];
        return Promise.resolve({ model: 'misdirected', content, stopReason: afterTool ? 'end_turn' : 'tool_use', usage: ZERO_USAGE });
      },
    };
    const report = await buildSessionNotes({
      transcriptPath,
      notesPath,
      effectLogPath: logPath,
      model,
      config: await loadNotesConfig(tempDir()),
    });
    expect(report.runs.length).toBeGreaterThan(0);
    expect(report.runs.every((run) => !run.ok)).toBe(true);
    expect(report.runs[0]?.error).toMatch(/every edit of the notes was refused/);
    expect(finished(readEffectLog(logPath).records)).toEqual([]);
    expect(report.lastSummarizedMessageId).toBeNull();
  });

  it('a build whose every edit was refused (a notes path with a newline in it) fails again when run again: the log does not call it done', () => {
    const cwd = project();
    const notes = join(cwd, 'odd\nfolder', 'notes.md');
    const args = ['notes', join(cwd, 'project', `${SESSION}.jsonl`), '--notes', notes, '--model', 'offline', '--config-dir', tempDir()];
    const first = runCli(args, { cwd });
    expect(first.status).toBe(1);
    expect(first.stdout).toMatch(/every edit of the notes was refused/);
    const second = runCli(args, { cwd });
    expect(second.stdout).not.toMatch(/up to date/);
    expect(second.stdout).toMatch(/every edit of the notes was refused/);
    expect(second.status).toBe(1);
    expect(readFileSync(notes, 'utf8')).toBe(DEFAULT_NOTES_TEMPLATE);
  });
});
