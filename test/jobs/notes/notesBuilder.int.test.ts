import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildSessionNotes,
  CassetteModel,
  DEFAULT_NOTES_TEMPLATE,
  ModelPortError,
  OfflineModel,
  readEffectLog,
  readTranscriptSync,
  replaySync,
  type ModelReply,
  type NotesConfig,
} from '../../../src/index.js';
import { DEFAULT_UPDATE_PROMPT, splitNotes } from '../../../src/memory/session/index.js';
import { lastSummarizedFromLog, stagingPath } from '../../../src/jobs/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const config: NotesConfig = { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] };
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

const transcriptLines = (): string[] =>
  readFileSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${l}\n`);

/** A copy of the demo project in a temp dir (notes and effect logs are written beside the transcript), optionally only the first `lines` lines. */
function copyProject(lines?: number): string {
  const dir = join(tempDir(), 'project');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  const file = join(dir, `${SESSION}.jsonl`);
  if (lines !== undefined) writeFileSync(file, transcriptLines().slice(0, lines).join(''));
  return file;
}

const entriesOf = (file: string) =>
  [...readTranscriptSync(file)].flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

describe('buildSessionNotes over a real transcript', () => {
  it('replaying twice with the offline model gives byte-identical notes; a second build finds nothing to do', async () => {
    const [a, b] = [copyProject(), copyProject()];
    const first = await buildSessionNotes({ transcriptPath: a, model: new OfflineModel(), config });
    await buildSessionNotes({ transcriptPath: b, model: new OfflineModel(), config });
    expect(readFileSync(first.notesPath, 'utf8')).toBe(readFileSync(join(dirname(b), SESSION, 'session-memory', 'summary.md'), 'utf8'));
    expect(first.notesPath).toBe(join(dirname(a), SESSION, 'session-memory', 'summary.md'));
    const again = await buildSessionNotes({ transcriptPath: a, model: new OfflineModel(), config });
    expect(again.runs).toEqual([]);
    expect(again.earlierRuns).toBe(first.runs.length);
  });

  it('recorded to a cassette and replayed from it: byte-identical notes, no model needed', async () => {
    const file = copyProject();
    const cassette = join(tempDir(), 'notes.cassette.json');
    const recorder = new CassetteModel({ path: cassette, record: new OfflineModel() });
    const recorded = await buildSessionNotes({ transcriptPath: file, model: recorder, config });
    await recorder.save();
    const notes = readFileSync(recorded.notesPath, 'utf8');
    // Start over at the same paths (the notes path is part of every request), answers from the cassette only.
    rmSync(recorded.notesPath);
    rmSync(recorded.effectLogPath);
    const replayed = await buildSessionNotes({ transcriptPath: file, model: new CassetteModel({ path: cassette }), config });
    expect(replayed.runs.map((r) => r.ok)).toEqual(recorded.runs.map(() => true));
    expect(readFileSync(replayed.notesPath, 'utf8')).toBe(notes);
  });

  it('the updates fall where replay puts the session-notes decisions, and replay with the log agrees', async () => {
    const file = copyProject();
    const report = await buildSessionNotes({ transcriptPath: file, model: new OfflineModel(), config });
    const entries = entriesOf(file);
    const due = replaySync(entries).decisions.filter((d) => d.kind === 'session_notes_due');
    const started = readEffectLog(report.effectLogPath).records.filter((r) => r.type === 'run_started');
    expect(started.map((r) => (r.type === 'run_started' ? r.batch.map((p) => p.uuid) : []))).toEqual(due.map((d) => [d.uuid]));
    expect(report.runs.map((r) => r.ok)).toEqual(due.map(() => true));
    const withLog = replaySync(entries, {}, undefined, readEffectLog(report.effectLogPath).records).decisions;
    expect(withLog).toEqual(replaySync(entries).decisions);
    expect(report.lastSummarizedMessageId).toBe(
      due.at(-1)!.kind === 'session_notes_due' ? (due.at(-1) as { lastSummarizedMessageId: string | null }).lastSummarizedMessageId : null,
    );
  });

  it('a model fault mid-run leaves the notes file whole and lastSummarizedMessageId unmoved', async () => {
    // The session so far has one update due; the notes are built.
    const file = copyProject(20);
    const good = await buildSessionNotes({ transcriptPath: file, model: new OfflineModel(), config });
    expect(good.runs.map((r) => r.ok)).toEqual([true]);
    const before = readFileSync(good.notesPath, 'utf8');
    const covered = good.lastSummarizedMessageId;
    // The session grows; the next update's model edits the notes, then the API fails.
    appendFileSync(file, transcriptLines().slice(20, 32).join(''));
    const edit: Partial<ModelReply> = {
      content: [
        {
          type: 'tool_use',
          id: 'e1',
          name: 'Edit',
          input: { file_path: good.notesPath, old_string: '# Worklog', new_string: '# Worklog\nHALF-DONE' },
        },
      ],
      stopReason: 'tool_use',
    };
    const faulty = new ScriptedModel([edit, new ModelPortError('Anthropic API answered 500: boom', 500)]);
    const failed = await buildSessionNotes({ transcriptPath: file, model: faulty, config });
    faulty.assertDone();
    expect(failed.runs).toMatchObject([{ ok: false, error: expect.stringMatching(/500/) as unknown }]);
    expect(readFileSync(good.notesPath, 'utf8')).toBe(before);
    expect(failed.lastSummarizedMessageId).toBe(covered);
    expect(lastSummarizedFromLog(readEffectLog(good.effectLogPath).records)).toBe(covered);
    expect(readdirSync(dirname(good.notesPath))).toEqual(['summary.md']);
    expect(
      readEffectLog(good.effectLogPath)
        .records.map((r) => r.type)
        .filter((t) => t !== 'decision'),
    ).toEqual(['run_started', 'run_finished', 'run_started', 'run_failed']);
  });

  it('a run that recorded its end but died before the rename is put in place by the next build', async () => {
    const file = copyProject(20);
    const report = await buildSessionNotes({ transcriptPath: file, model: new OfflineModel(), config });
    const done = readFileSync(report.notesPath, 'utf8');
    // As if the process had died between the record and the rename: the old notes back, the new ones in the staging copy.
    const runId = report.runs[0]!.runId;
    writeFileSync(stagingPath(report.notesPath, runId), done);
    writeFileSync(report.notesPath, DEFAULT_NOTES_TEMPLATE);
    const again = await buildSessionNotes({ transcriptPath: file, model: new OfflineModel(), config });
    expect(again.runs).toEqual([]);
    expect(readFileSync(report.notesPath, 'utf8')).toBe(done);
    expect(readdirSync(dirname(report.notesPath))).toEqual(['summary.md']);
    // A staging copy that does not match what was recorded is stale and goes.
    writeFileSync(stagingPath(report.notesPath, runId), 'something else');
    await buildSessionNotes({ transcriptPath: file, model: new OfflineModel(), config });
    expect(readFileSync(report.notesPath, 'utf8')).toBe(done);
    expect(readdirSync(dirname(report.notesPath))).toEqual(['summary.md']);
  });

  it('an update that changes a section header is refused; the notes stay as they were', async () => {
    const file = copyProject(20);
    const notesPath = join(tempDir(), 'summary.md');
    const rename: Partial<ModelReply> = {
      content: [
        {
          type: 'tool_use',
          id: 'e1',
          name: 'Edit',
          input: { file_path: notesPath, old_string: '# Current State', new_string: '# Status' },
        },
      ],
      stopReason: 'tool_use',
    };
    const report = await buildSessionNotes({
      transcriptPath: file,
      notesPath,
      model: new ScriptedModel([rename, { content: [{ type: 'text', text: 'done' }] }]),
      config,
    });
    expect(report.runs[0]).toMatchObject({ ok: false, error: expect.stringMatching(/section headers/) as unknown });
    expect(readFileSync(notesPath, 'utf8')).toBe(DEFAULT_NOTES_TEMPLATE);
  });

  it('the session-notes agent may only Edit its notes file: other calls are denied and counted', async () => {
    const file = copyProject(20);
    const notesPath = join(tempDir(), 'notes', 'summary.md');
    const other = join(dirname(file), 'memory', 'MEMORY.md');
    const tries: Partial<ModelReply> = {
      content: [
        { type: 'tool_use', id: 'w1', name: 'Write', input: { file_path: notesPath, content: 'wiped' } },
        { type: 'tool_use', id: 'e2', name: 'Edit', input: { file_path: other, old_string: '-', new_string: '+' } },
        {
          type: 'tool_use',
          id: 'e3',
          name: 'Edit',
          input: {
            file_path: notesPath,
            old_string: '# Worklog\n_One terse line per step taken_\n',
            new_string: '# Worklog\n_One terse line per step taken_\n- looked around\n',
          },
        },
      ],
      stopReason: 'tool_use',
    };
    const memoryBefore = readFileSync(other, 'utf8');
    const model = new ScriptedModel([tries, { content: [{ type: 'text', text: 'done' }] }]);
    const report = await buildSessionNotes({ transcriptPath: file, notesPath, model, config });
    model.assertDone();
    expect(report.runs).toHaveLength(1);
    const finished = readEffectLog(report.effectLogPath).records.find((r) => r.type === 'run_finished');
    expect(finished).toMatchObject({ outcome: { toolCalls: 3, denied: 2, changed: ['Worklog'] } });
    expect(readFileSync(notesPath, 'utf8')).toContain('- looked around');
    expect(readFileSync(other, 'utf8')).toBe(memoryBefore);
    expect(splitNotes(readFileSync(notesPath, 'utf8')).sections).toHaveLength(10);
    expect(existsSync(join(dirname(notesPath), 'summary.md'))).toBe(true);
  });
});
