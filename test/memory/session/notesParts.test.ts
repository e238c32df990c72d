import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireProcessLock } from '../../../src/fs/processLock.js';
import { notesLockPath } from '../../../src/jobs/notes/notesRun.js';
import { DEFAULT_NOTES_TEMPLATE, loadNotesConfig } from '../../../src/index.js';
import {
  COMPACT_SECTION_CHARS,
  DEFAULT_UPDATE_PROMPT,
  fillPlaceholders,
  isEmptyNotes,
  measureNotes,
  notesTemplatePath,
  sizeReminders,
  splitNotes,
  truncateNotesForCompaction,
  TRUNCATION_MARKER,
} from '../../../src/memory/session/index.js';
import { stagingPath, waitForNotesRun } from '../../../src/jobs/index.js';
import { withTaskPrompt, PENDING_TOOL_RESULT } from '../../../src/model/index.js';
import { tempDir } from '../../support/tempDir.js';

const withBody = (title: string, body: string): string =>
  DEFAULT_NOTES_TEMPLATE.replace(new RegExp(`(# ${title}\\n_[^\\n]*_\\n)`), `$1${body}\n`);

describe('notes limits', () => {
  it('the default template has the ten sections of spec §4.1 and counts as empty', () => {
    expect(splitNotes(DEFAULT_NOTES_TEMPLATE).sections.map((s) => s.title)).toEqual([
      'Session Title',
      'Current State',
      'Task specification',
      'Files and Functions',
      'Workflow',
      'Errors & Corrections',
      'Codebase and System Documentation',
      'Learnings',
      'Key results',
      'Worklog',
    ]);
    expect(isEmptyNotes(`\n${DEFAULT_NOTES_TEMPLATE}\n\n`, DEFAULT_NOTES_TEMPLATE)).toBe(true);
    expect(isEmptyNotes(withBody('Worklog', '- one step'), DEFAULT_NOTES_TEMPLATE)).toBe(false);
    expect(sizeReminders(DEFAULT_NOTES_TEMPLATE)).toBe('');
  });

  it('over 2,000 tokens a section is named, largest first; over 12,000 in all the prompt asks to condense', () => {
    const notes = withBody('Worklog', 'w'.repeat(9_000)).replace('_Errors met', `${'e'.repeat(12_000)}\n_Errors met`);
    expect(measureNotes(notes).oversized.map((s) => s.title)).toEqual(['Errors & Corrections', 'Worklog']);
    expect(sizeReminders(notes)).toMatch(/"Errors & Corrections": about 30\d\d tokens\n- "Worklog": about 22\d\d tokens/);
    const huge = withBody('Worklog', `${'- step\n'.repeat(7_000)}`);
    expect(sizeReminders(huge)).toMatch(/over the 12000-token limit/);
  });

  it('at compaction each section over 8,000 characters is cut at a line and marked; the rest is untouched', () => {
    const long = Array.from({ length: 400 }, (_, i) => `- line ${i} ${'x'.repeat(30)}`).join('\n');
    const notes = withBody('Worklog', long);
    const { text, truncated } = truncateNotesForCompaction(notes);
    expect(truncated).toBe(true);
    const worklog = splitNotes(text).sections.find((s) => s.title === 'Worklog')!;
    expect(worklog.body.length).toBeLessThanOrEqual(COMPACT_SECTION_CHARS + TRUNCATION_MARKER.length + 4);
    expect(worklog.body.trimEnd().endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(
      worklog.body
        .split('\n')
        .slice(0, -3)
        .every((line) => line === '' || line.startsWith('- line ')),
    ).toBe(true);
    expect(text.startsWith(notes.slice(0, notes.indexOf('# Worklog')))).toBe(true);
    expect(truncateNotesForCompaction(DEFAULT_NOTES_TEMPLATE)).toEqual({ text: DEFAULT_NOTES_TEMPLATE, truncated: false });
  });
});

describe('notes config', () => {
  it('a custom template and prompt in the config directory replace ours; placeholders are filled once', async () => {
    const home = tempDir();
    expect(await loadNotesConfig(home)).toEqual({ template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] });
    mkdirSync(join(home, 'session-memory', 'config'), { recursive: true });
    writeFileSync(notesTemplatePath(home), '# Goal\n_why_\n');
    writeFileSync(join(home, 'session-memory', 'config', 'prompt.md'), 'Edit {{notesPath}}: {{currentNotes}} {{unknown}}');
    const config = await loadNotesConfig(home);
    expect(config.template).toBe('# Goal\n_why_\n');
    expect(fillPlaceholders(config.prompt, { notesPath: '/n.md', currentNotes: 'has {{notesPath}} inside' })).toBe(
      'Edit /n.md: has {{notesPath}} inside {{unknown}}',
    );
  });

  it('an unreadable custom file falls back to ours with a warning', async () => {
    const home = tempDir();
    mkdirSync(notesTemplatePath(home), { recursive: true }); // a directory where the file should be
    const config = await loadNotesConfig(home);
    expect(config.template).toBe(DEFAULT_NOTES_TEMPLATE);
    expect(config.warnings).toEqual([expect.stringMatching(/could not read .*template\.md \(EISDIR\); using the default/) as unknown]);
  });
});

describe('the request of a background run', () => {
  it('answers tool calls still waiting with an error result and joins the prompt to a trailing user message', () => {
    const open = withTaskPrompt(
      [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] },
      ],
      'update',
    );
    expect(open.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: PENDING_TOOL_RESULT, is_error: true },
        { type: 'text', text: 'update' },
      ],
    });
    const trailingUser = withTaskPrompt([{ role: 'user', content: 'go' }], 'update');
    expect(trailingUser).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'go' },
          { type: 'text', text: 'update' },
        ],
      },
    ]);
  });
});

describe('waiting for a notes run in flight (spec §4.5)', () => {
  function clock() {
    let t = 1_000_000;
    return { now: () => t, sleep: (ms: number) => ((t += ms), Promise.resolve()) };
  }

  it('idle when none runs; waits while one runs, polling; stale after a minute; gives up after 15 s', async () => {
    const notesPath = join(tempDir(), 'summary.md');
    const c = clock();
    expect(await waitForNotesRun(notesPath, c)).toBe('idle');
    const staging = stagingPath(notesPath, 'run-1');
    writeFileSync(staging, '');
    const seconds = (ms: number) => new Date(ms);
    utimesSync(staging, seconds(c.now()), seconds(c.now()));
    // A marker nobody holds the notes lock for was left by a dead run: nothing to wait for.
    expect(await waitForNotesRun(notesPath, c)).toBe('idle');
    const release = acquireProcessLock(notesLockPath(notesPath), { holder: 'test', target: notesPath });
    expect(await waitForNotesRun(notesPath, c)).toBe('timeout');
    utimesSync(staging, seconds(c.now() - 61_000), seconds(c.now() - 61_000));
    expect(await waitForNotesRun(notesPath, c)).toBe('stale');
    utimesSync(staging, seconds(c.now()), seconds(c.now()));
    let polls = 0;
    const finishing = {
      now: c.now,
      sleep: async (ms: number) => {
        polls++;
        await c.sleep(ms);
        if (polls === 3) (await import('node:fs')).rmSync(staging);
      },
    };
    expect(await waitForNotesRun(notesPath, finishing)).toBe('finished');
    expect(polls).toBe(3);
    release();
  });
});
