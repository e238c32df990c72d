import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLIDATE_LOCK, consolidationLogPath, OFFLINE_NOTICE } from '../../src/jobs/index.js';
import { dirSnapshot } from '../support/dirSnapshot.js';
import { hasShared, sharedFixtures } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { userEntry } from '../../src/testing/entryBuilders.js';
import { topicText, writeDriftedMemory } from '../support/memoryFiles.js';

/** A project folder in Claude Code's layout, its memory written over several sessions with the usual drift. */
function driftedProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'memlog-consolidate-'));
  return writeDriftedMemory(join(project, 'memory'), { staleLine: true });
}

describe('memlog consolidate', () => {
  it('--dry-run prints the plan with reasons and writes nothing (without a key: the offline planner, said once)', () => {
    const memory = driftedProject();
    const before = dirSnapshot(join(memory, '..'));
    const result = runCli(['consolidate', memory, '--dry-run'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(result.stderr).toBe(`${OFFLINE_NOTICE}\n`);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('(dry run, nothing written): 1 updated, 1 merged, 2 unindexed');
    expect(result.stdout).toContain('< tabs.md into indent-tabs.md: an older statement of what indent-tabs.md says');
    expect(result.stdout).toContain('relative dates made absolute: "next Monday" → "2026-03-09"');
    expect(result.stdout).toContain('gone.md does not exist');
    expect(dirSnapshot(join(memory, '..'))).toEqual(before);
  });

  it('consolidates: one memory per fact, absolute dates, a tight index, the plan in its log; then waits for its gates', () => {
    const memory = driftedProject();
    const result = runCli(['consolidate', memory, '--json']);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { status: string; runId: string; changes: { kind: string; filename?: string }[] };
    expect(report.status).toBe('consolidated');
    expect(readdirSync(memory).sort()).toEqual([CONSOLIDATE_LOCK, 'MEMORY.md', 'indent-tabs.md', 'staging-port.md']);
    expect(readFileSync(join(memory, 'staging-port.md'), 'utf8')).toContain('The staging API runs on port 9090 since 2026-03-09.');
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toBe(
      '- [Indent with tabs](indent-tabs.md) — indentation again\n- [Staging port](staging-port.md) — The staging API port\n',
    );
    const log = readFileSync(consolidationLogPath(memory), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; runId: string });
    expect(log.map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);
    expect(log[0]?.runId).toBe(report.runId);

    const again = runCli(['consolidate', memory]);
    expect(again.stdout).toMatch(/skipped: consolidated 0 h ago; it runs every 24 h/);
    const forced = runCli(['consolidate', memory, '--force']);
    expect(forced.stdout).toBe(`${memory}: nothing to consolidate\n`);
  });

  it('takes a projects folder and consolidates each project’s memory', () => {
    const root = mkdtempSync(join(tmpdir(), 'memlog-projects-'));
    for (const name of ['-home-a', '-home-b']) cpSync(join(driftedProject(), '..'), join(root, name), { recursive: true });
    const result = runCli(['consolidate', root, '--json']);
    const reports = JSON.parse(result.stdout) as { memoryDir: string; status: string }[];
    expect(reports.map((r) => [r.memoryDir, r.status])).toEqual([
      [join(root, '-home-a', 'memory'), 'consolidated'],
      [join(root, '-home-b', 'memory'), 'consolidated'],
    ]);
  });

  it('keeps facts about different environments apart: the staging port and the production port both stay', () => {
    const memory = join(mkdtempSync(join(tmpdir(), 'memlog-consolidate-')), 'memory');
    mkdirSync(memory);
    const staging = topicText(
      'staging-api',
      'The staging API port',
      'The staging API runs on port 9090.',
      '2026-01-10T12:00:00.000Z',
      'project',
    );
    const production = topicText(
      'production-api',
      'The production API port',
      'The production API runs on port 8080.',
      '2026-02-10T12:00:00.000Z',
      'project',
    );
    writeFileSync(join(memory, 'staging-api.md'), staging);
    writeFileSync(join(memory, 'production-api.md'), production);
    writeFileSync(
      join(memory, 'MEMORY.md'),
      '- [Staging API](staging-api.md) — staging port\n- [Production API](production-api.md) — production port\n',
    );
    const result = runCli(['consolidate', memory, '--json']);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { changes: { kind: string }[] };
    expect(report.changes.filter((c) => c.kind === 'merged')).toEqual([]);
    expect(readFileSync(join(memory, 'staging-api.md'), 'utf8')).toBe(staging);
    expect(readFileSync(join(memory, 'production-api.md'), 'utf8')).toBe(production);
  });

  it.each([
    [
      'deploy',
      'release',
      'The /deploy command in .claude/commands/deploy.md must run the smoke tests 3 times.',
      'The /release command in .claude/commands/release.md must run the smoke tests 5 times.',
    ],
    [
      'code-reviewer',
      'migrator',
      'The code-reviewer agent in .claude/agents/code-reviewer.md only gets read tools.',
      'The migrator agent in .claude/agents/migrator.md only gets read tools.',
    ],
  ])('keeps one rule of two commands or agents, each named by its own file, apart: %s and %s (decision 119)', (a, b, older, newer) => {
    const memory = join(mkdtempSync(join(tmpdir(), 'memlog-consolidate-')), 'memory');
    mkdirSync(memory);
    writeFileSync(join(memory, `${a}.md`), topicText(a, `The ${a} rule`, older, '2026-01-10T12:00:00.000Z', 'feedback'));
    writeFileSync(join(memory, `${b}.md`), topicText(b, `The ${b} rule`, newer, '2026-02-10T12:00:00.000Z', 'feedback'));
    writeFileSync(join(memory, 'MEMORY.md'), `- [${a}](${a}.md) — ${a}\n- [${b}](${b}.md) — ${b}\n`);
    const result = runCli(['consolidate', memory, '--model', 'offline', '--force']);
    expect(result.status, result.stderr).toBe(0);
    const kept = readdirSync(memory)
      .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
      .map((name) => readFileSync(join(memory, name), 'utf8'))
      .join('\n');
    expect(kept).toContain(older);
    expect(kept).toContain(newer);
  });

  it('says in one line why it cannot run, and exits 2', () => {
    const result = runCli(['consolidate', join(tmpdir(), 'memlog-no-such-dir')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^memlog: .*memlog-no-such-dir: not a directory\n$/);
  });

  it.runIf(hasShared)('works on a memory directory Claude Code 2.1.332 wrote, and leaves its lock in Claude Code’s format', () => {
    const project = mkdtempSync(join(tmpdir(), 'memlog-claude-'));
    cpSync(join(sharedFixtures, 'claude-code-2.1.332', 'memory-write', '-home-user-memory-write'), project, { recursive: true });
    chmodSync(join(project, 'memory'), 0o755);
    for (const name of readdirSync(join(project, 'memory'))) chmodSync(join(project, 'memory', name), 0o644);
    const memory = join(project, 'memory');
    const topicBefore = readFileSync(join(memory, 'prefer-tabs.md'), 'utf8');
    const result = runCli(['consolidate', memory, '--force']);
    expect(result.status).toBe(0);
    expect(readFileSync(join(memory, 'prefer-tabs.md'), 'utf8')).toBe(topicBefore);
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toBe('- [Prefers tabs](prefer-tabs.md) — indentation preference\n');
    expect(readFileSync(join(memory, CONSOLIDATE_LOCK), 'utf8').trim()).toMatch(/^\d+$/);
    expect(existsSync(consolidationLogPath(memory))).toBe(false);
  });

  describe('against CLAUDE.md', () => {
    const note = (file: string) =>
      `> Contradicts CLAUDE.md (${file}:3): "The staging API listens on port 8080." — verify which is current.`;

    it('--claude-md: a memory that contradicts an instruction is noted and listed with it and its place; CLAUDE.md is only read', () => {
      const memory = driftedProject();
      const rules = join(memory, '..', 'rules', 'CLAUDE.md');
      mkdirSync(join(rules, '..'));
      writeFileSync(rules, '# Staging\n\n- The staging API listens on port 8080.\n');
      const rulesBefore = [readFileSync(rules, 'utf8'), statSync(rules).mtimeMs];

      const dry = runCli(['consolidate', memory, '--dry-run', '--claude-md', rules]);
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('(dry run, nothing written): 1 updated, 1 merged, 1 contradicting CLAUDE.md, 2 unindexed');
      expect(dry.stdout).toContain(
        `  ! staging-port.md: contradicts ${rules}:3: the memory says 9090 where CLAUDE.md says 8080\n      + ${note(rules)}`,
      );

      const result = runCli(['consolidate', memory, '--json', '--claude-md', rules]);
      const report = JSON.parse(result.stdout) as { changes: { kind: string }[]; claudeMd: string[] };
      expect(report.changes.filter((c) => c.kind === 'contradicts')).toEqual([
        {
          kind: 'contradicts',
          filename: 'staging-port.md',
          instruction: { file: rules, line: 3, text: 'The staging API listens on port 8080.' },
          reason: 'the memory says 9090 where CLAUDE.md says 8080',
        },
      ]);
      expect(report.claudeMd).toEqual([rules]);
      expect(readFileSync(join(memory, 'staging-port.md'), 'utf8')).toContain(
        `The staging API runs on port 9090 since 2026-03-09.\n\n${note(rules)}\n`,
      );
      const logged = readFileSync(consolidationLogPath(memory), 'utf8');
      expect(logged).toContain('"kind":"contradicts","filename":"staging-port.md"');

      const again = runCli(['consolidate', memory, '--force', '--claude-md', rules]);
      expect(again.stdout).toBe(`${memory}: nothing to consolidate\n`);
      expect([readFileSync(rules, 'utf8'), statSync(rules).mtimeMs]).toEqual(rulesBefore);
    });

    it("finds the project's CLAUDE.md from its sessions' working directory, and names it relative to the project", () => {
      const memory = driftedProject();
      const repo = mkdtempSync(join(tmpdir(), 'memlog-repo-'));
      writeFileSync(join(repo, 'CLAUDE.md'), '# Staging\n\n- The staging API listens on port 8080.\n');
      const session = join(memory, '..', '33333333-3333-4333-8333-333333333333.jsonl');
      writeFileSync(session, `${JSON.stringify({ ...userEntry('u1', 'where does staging listen?'), cwd: repo })}\n`);
      const dry = runCli(['consolidate', memory, '--dry-run']);
      expect(dry.stdout).toContain(
        `  ! staging-port.md: contradicts CLAUDE.md:3: the memory says 9090 where CLAUDE.md says 8080\n      + ${note('CLAUDE.md')}`,
      );
    });

    it('a --claude-md it cannot read stops it before anything is done, exit 2', () => {
      const memory = driftedProject();
      const before = dirSnapshot(join(memory, '..'));
      const result = runCli(['consolidate', memory, '--claude-md', join(memory, 'no-such-CLAUDE.md')]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/no-such-CLAUDE\.md: cannot read this CLAUDE\.md \(missing\)\n$/);
      expect(dirSnapshot(join(memory, '..'))).toEqual(before);
    });
  });
});
