import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import { savedMemoryText } from '../support/projectSessions.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

// A transcript where the 4th line holds an assistant entry and a file-history-snapshot written without the newline
// between them, as in genuine files another tool copied (decision 147): nothing before it may be lost.
const SESSION = '00000147-1471-4147-8147-147147147147';
const PROJECT = '-home-dev-app';
const RULE = 'We always deploy from the release branch, never from main.';
const at = (second: number) => ({ sessionId: SESSION, timestamp: new Date(Date.UTC(2026, 11, 7, 9, 0, second)).toISOString() });

function gluedSession(): { root: string; file: string } {
  const entries: Entry[] = [
    userEntry('u1', RULE, at(0)),
    assistantEntry('a1', 'msg_1', text('Understood.'), { ...at(1), parentUuid: 'u1', stopReason: 'end_turn' }),
    userEntry('u2', 'Please add a test for the parser.', { ...at(2), parentUuid: 'a1' }),
    assistantEntry('a2', 'msg_2', text('Done, added.'), { ...at(3), parentUuid: 'u2', stopReason: 'end_turn' }),
    userEntry('u3', 'Thanks, looks good.', { ...at(4), parentUuid: 'a2' }),
    assistantEntry('a3', 'msg_3', text('Glad it helps.'), { ...at(5), parentUuid: 'u3', stopReason: 'end_turn' }),
  ];
  const snapshot = {
    type: 'file-history-snapshot',
    messageId: 'a2',
    snapshot: { messageId: 'a2', trackedFileBackups: {}, timestamp: at(3).timestamp },
    isSnapshotUpdate: false,
  };
  const lines = entries.map((entry) => JSON.stringify(entry));
  lines[3] = `${lines[3] ?? ''}${JSON.stringify(snapshot)}`;
  const root = join(tempDir(), 'projects');
  mkdirSync(join(root, PROJECT), { recursive: true });
  const file = join(root, PROJECT, `${SESSION}.jsonl`);
  writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  return { root, file };
}

describe('records glued on one line, read by the CLI (decision 147)', () => {
  it('memlog extract saves the rule said before the glued line, and counts no line left out', () => {
    const { root } = gluedSession();
    const out = tempDir();
    const run = runCli(['extract', root, '--out', out, '--model', 'offline'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(savedMemoryText(out, PROJECT)).toContain('release branch');
    expect(run.stdout).not.toContain('not entries');
  });

  it.each([
    ['read in full', ['--no-catalog']],
    ['from the catalog', ['--catalog', 'catalog.db']],
  ])('memlog inspect, %s, shows the whole chain and the glued line apart from the diagnostics', (_how, options) => {
    const { file } = gluedSession();
    const cwd = tempDir();
    const json = runCli(['inspect', file, '--json', ...options], { cwd });
    expect(json.status, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as { chain: string[]; entries: number; diagnostics: unknown[]; gluedLines: number };
    expect(report).toMatchObject({ chain: ['u1', 'a1', 'u2', 'a2', 'u3', 'a3'], entries: 7, diagnostics: [], gluedLines: 1 });
    const readable = runCli(['inspect', file, ...options], { cwd });
    expect(readable.stdout).toMatch(/^ {2}glued lines 1 line\(s\) held more than one record/m);
    expect(readable.stdout).toMatch(/^ {2}diagnostics none$/m);
  });
});
