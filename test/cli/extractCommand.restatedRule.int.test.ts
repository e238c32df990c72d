import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

// `memlog extract --model offline` over a project's sessions, one run after the other, as a user runs it: a rule said
// again in a later session in other words is merged into the memory the first run saved (decision 119), and two
// different rules about one tool stay two memories.
const OFFLINE = { env: { ANTHROPIC_API_KEY: '' } };

function writeSession(projects: string, project: string, session: string, day: number, said: string): void {
  const at = (minute: number) => ({ sessionId: session, timestamp: new Date(Date.UTC(2026, 1, day, 9, minute)).toISOString() });
  const entries: Entry[] = [
    userEntry(`${session}-u1`, said, at(0)),
    assistantEntry(`${session}-a1`, `msg_${day}`, text('Noted.'), { ...at(1), parentUuid: `${session}-u1`, stopReason: 'end_turn' }),
  ];
  mkdirSync(join(projects, project), { recursive: true });
  writeFileSync(join(projects, project, `${session}.jsonl`), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
}

/** The topic files extract wrote for a project, by file name. */
function memories(out: string, project: string): Map<string, string> {
  const dir = join(out, project, 'memory');
  const names = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'MEMORY.md');
  return new Map(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

const extract = (projects: string, out: string) => runCli(['extract', projects, '--out', out, '--model', 'offline'], OFFLINE);

describe('memlog extract keeps one memory per rule across sessions (decision 119)', () => {
  it('a later session saying the rule again, to be written in CLAUDE.md, updates the memory an earlier run saved', () => {
    const projects = join(tempDir(), 'projects');
    const out = tempDir();
    const first = 'We are prerelease, so we only ship patches.';
    const later = 'Add to CLAUDE.md that during the beta we only publish patch releases.';
    writeSession(projects, 'release-tool', '00000119-0001-4119-8119-000000000001', 2, first);
    const one = extract(projects, out);
    expect(one.status, one.stderr).toBe(0);
    expect([...memories(out, 'release-tool').values()].join('\n')).toContain(first);

    writeSession(projects, 'release-tool', '00000119-0002-4119-8119-000000000002', 9, later);
    const two = extract(projects, out);
    expect(two.status, two.stderr).toBe(0);
    const saved = memories(out, 'release-tool');
    expect(saved.size).toBe(1);
    const [body] = [...saved.values()];
    expect(body).toContain('During the beta we only publish patch releases.');
    expect(body).toContain(first);
  });

  it('two different rules about one tool, said in two sessions, stay two memories', () => {
    const projects = join(tempDir(), 'projects');
    const out = tempDir();
    writeSession(projects, 'web-app', '00000119-0003-4119-8119-000000000003', 2, 'Always run the unit tests with vitest before pushing.');
    writeSession(
      projects,
      'web-app',
      '00000119-0004-4119-8119-000000000004',
      9,
      'Vitest snapshots should always live next to the code they test.',
    );
    const run = extract(projects, out);
    expect(run.status, run.stderr).toBe(0);
    const saved = [...memories(out, 'web-app').values()];
    expect(saved).toHaveLength(2);
    expect(saved.filter((file) => file.includes('before pushing'))).toHaveLength(1);
    expect(saved.filter((file) => file.includes('next to the code'))).toHaveLength(1);
  });

  it('two commands with one rule each, named by their own files in two sessions, stay two memories', () => {
    const projects = join(tempDir(), 'projects');
    const out = tempDir();
    const deploy = 'The /deploy command in .claude/commands/deploy.md should always run the smoke tests 3 times.';
    const release = 'The /release command in .claude/commands/release.md should always run the smoke tests 5 times.';
    writeSession(projects, 'ops', '00000119-0005-4119-8119-000000000005', 2, deploy);
    writeSession(projects, 'ops', '00000119-0006-4119-8119-000000000006', 9, release);
    const run = extract(projects, out);
    expect(run.status, run.stderr).toBe(0);
    const saved = [...memories(out, 'ops').values()].join('\n');
    expect(saved).toContain('3 times');
    expect(saved).toContain('5 times');
  });
});
