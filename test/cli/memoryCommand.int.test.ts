import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../src/consolidation/index.js';
import { consolidateMemory } from '../../src/jobs/index.js';
import { runCli } from '../support/runCli.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';
import { writeTabsPreference } from '../support/memoryFiles.js';

const SESSION = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';
const said = (body: string, saidAt: string): MemoryCandidate => ({
  type: 'feedback',
  name: 'indent with tabs',
  description: body,
  body,
  saidAt,
  sources: [{ session: SESSION, uuid: 'u-1', timestamp: saidAt }],
});

/** A memory directory two consolidations went over: a merge, a note against CLAUDE.md, a statement said again. */
async function consolidated(): Promise<string> {
  const root = tempDir();
  const memory = join(root, 'project', 'memory');
  writeTabsPreference(memory);
  const rules = join(root, 'CLAUDE.md');
  writeFileSync(rules, '# Style\n\n- Use 2-space indentation.\n');
  const first = await consolidateMemory({ memoryDir: memory, force: true, claudeMd: [rules] });
  expect(first.status).toBe('consolidated');
  const second = await consolidateMemory({
    memoryDir: memory,
    force: true,
    candidates: [said('Indent with tabs rather than spaces.', '2026-01-20T09:00:00.000Z')],
  });
  expect(second.status).toBe('consolidated');
  return memory;
}

describe('memlog memory why, after consolidations', () => {
  it('shows what each consolidation did to the memory: merged into it, noted against CLAUDE.md, confirmed, with reasons and sources', async () => {
    const memory = await consolidated();
    const why = runCli(['memory', 'why', 'indent-tabs', '--dir', memory]);
    expect(why.status, why.stderr).toBe(0);
    expect(why.stdout).toBe(
      [
        'indent-tabs.md [feedback]: Indent with tabs rather than spaces',
        '  tabs.md merged into it by consolidation@0: an older statement of what indent-tabs.md says (3 subject words shared)',
        `  noted by consolidation@0: contradicts ${join(memory, '..', '..', 'CLAUDE.md')}:3 "Use 2-space indentation." (the memory rules out "spaces", which CLAUDE.md calls for)`,
        '  confirmed by consolidation@1: 1 statement of what it already says; from 4a2030a7 (2026-01-20)',
        '',
      ].join('\n'),
    );
  });

  it('tells where a memory merged away went, and gives the same as JSON', async () => {
    const memory = await consolidated();
    const why = runCli(['memory', 'why', 'tabs', '--dir', memory]);
    expect(why.status, why.stderr).toBe(0);
    expect(why.stdout).toBe(
      'tabs.md: no longer a memory file\n  merged into indent-tabs.md by consolidation@0: an older statement of what indent-tabs.md says (3 subject words shared)\n',
    );
    const json = JSON.parse(runCli(['memory', 'why', 'indent-tabs.md', '--dir', memory, '--json']).stdout) as {
      consolidations: { runId: string; kind: string; other?: string; finished: boolean }[];
    };
    expect(json.consolidations.map((c) => [c.runId, c.kind, c.other ?? null, c.finished])).toEqual([
      ['consolidation@0', 'absorbed', 'tabs.md', true],
      ['consolidation@0', 'contradicts', null, true],
      ['consolidation@1', 'confirmed', null, true],
    ]);
  });
});

describe('memlog memory list, frontmatter with YAML tags (decision 64)', () => {
  it('prints no YAMLWarning block: each problem is one memlog line on stderr naming file and line, and the memory is still listed', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'deploy.md'),
      '---\nname: deploy\ndescription: !custom how we deploy\nlogo: !!binary aGVsbG8=\nowner: !<tag:example.com,2026:person> ann\nmetadata:\n  type: project\n---\n\nWe deploy on Fridays.\n',
    );
    writeFileSync(join(dir, 'build.md'), '---\nname: build\ndescription: pnpm only\nmetadata:\n  type: feedback\n---\n\nUse pnpm.\n');
    const list = runCli(['memory', 'list', '--dir', dir]);
    expect(list.status).toBe(0);
    expect(list.stderr).not.toMatch(/YAMLWarning|\(node:\d+\)|--trace-warnings/);
    expect(list.stderr.split('\n').filter((line) => line !== '')).toEqual([
      'memlog: deploy.md:3: frontmatter: unresolved tag !custom (its value is read as plain text)',
      'memlog: deploy.md:5: frontmatter: unresolved tag tag:example.com,2026:person (its value is read as plain text)',
    ]);
    expect(list.stdout).toMatch(/^deploy\.md {2}\[project\] {2}how we deploy$/m);
    expect(list.stdout).toMatch(/^build\.md {2}\[feedback\] {2}pnpm only$/m);
  });
});

describe('memlog memory list, after the default extract', () => {
  it('names the session each memory came from, as memory why does, in text and in JSON', () => {
    const out = tempDir();
    const run = runCli(['extract', demoProjects, '--out', out, '--model', 'offline'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(run.status, run.stderr).toBe(0);
    const dir = join(out, '-home-dev-acme-shop', 'memory');
    const list = runCli(['memory', 'list', '--dir', dir]);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^dont-var-const-codebase\.md {2}\[feedback\] {2}.* {2}← a1eaaff9$/m);
    const json = JSON.parse(runCli(['memory', 'list', '--dir', dir, '--json']).stdout) as {
      memories: { filename: string; sessions: string[] }[];
    };
    const sessions = new Map(json.memories.map((m) => [m.filename, m.sessions]));
    expect(sessions.get('dont-var-const-codebase.md')).toEqual(['a1eaaff9-3a09-471e-b457-360fb17ea04f']);
    expect(json.memories.every((m) => m.sessions.length === 1)).toBe(true);
  });
});
