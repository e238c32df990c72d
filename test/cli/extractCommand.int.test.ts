import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackfillReport, ExtractReport } from '../../src/index.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const OFFLINE = { env: { ANTHROPIC_API_KEY: '' } };
const extract = (out: string, ...extra: string[]) =>
  runCli(['extract', demoProjects, '--out', out, '--model', 'offline', ...extra], OFFLINE);

interface Plan {
  readonly sessions: ReadonlyArray<{ chunks: number; messages: number; estimatedTokens: number; sessionTokens: number }>;
  readonly recordedNotConsolidated: { chunks: number; candidates: number };
}

describe('memlog extract: the two-phase backfill by default', () => {
  it('--dry-run plans every chunk and writes nothing; the run sends just that; a rerun sends nothing', () => {
    const out = tempDir();
    const dry = extract(out, '--dry-run', '--json');
    expect(dry.status, dry.stderr).toBe(0);
    const { projects: plan, unreadable } = JSON.parse(dry.stdout) as { projects: Plan[]; unreadable: unknown[] };
    expect(unreadable).toEqual([]);
    const planned = plan.flatMap((p) => p.sessions);
    expect(planned.map((s) => s.chunks)).toEqual([1, 1, 1, 1]);
    expect(planned.every((s) => s.estimatedTokens > s.sessionTokens && s.messages > 0)).toBe(true);
    expect(readdirSync(out)).toEqual([]);

    const run = extract(out, '--json');
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as BackfillReport & { model: string };
    expect(report).toMatchObject({ mode: 'two-phase', model: 'offline', processed: 4, failedRuns: 0 });
    expect(report.sessions.reduce((n, s) => n + s.chunks, 0)).toBe(4);
    expect(report.sessions.reduce((n, s) => n + s.sessionTokens, 0)).toBe(planned.reduce((n, s) => n + s.sessionTokens, 0));
    // The offline model reports no usage: what was sent is the requests' estimate, as --dry-run estimated it.
    expect(report.tokens.input).toBeGreaterThan(0);
    expect(report.projects.map((p) => [p.memories, p.consolidated.status])).toEqual([
      [5, 'consolidated'],
      [1, 'consolidated'],
    ]);
    expect(run.stderr).toMatch(/^memlog: \[4\/4\] .*: 1 chunk\(s\) sent, \d candidate\(s\)$/m);

    // Phase 2 wrote the files: memory why names the consolidation and the session the statement came from.
    const why = runCli(['memory', 'why', 'dont-var-const-codebase', '--dir', join(out, '-home-dev-acme-shop', 'memory')]);
    expect(why.stdout).toMatch(/^ {2}added by consolidation@0: new: said in 1 session; from a1eaaff9 \(2026-03-02\)$/m);
    expect(why.stdout).not.toContain('no recorded');

    const again = extract(out);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('memlog extract: 2 project(s), 4 session(s): 0 processed, 4 with nothing new');
    expect(again.stdout).toContain('model tokens: 0 in, 0 out');
    const replanned = (JSON.parse(extract(out, '--dry-run', '--json').stdout) as { projects: Plan[] }).projects;
    expect(replanned.flatMap((p) => p.sessions).map((s) => s.chunks)).toEqual([0, 0, 0, 0]);
    expect(replanned.map((p) => p.recordedNotConsolidated)).toEqual([
      { chunks: 0, candidates: 0 },
      { chunks: 0, candidates: 0 },
    ]);
  });

  it('--per-turn replays the per-turn runs into its own cursor; --extract-every goes with it', () => {
    const out = tempDir();
    const run = extract(out, '--per-turn', '--extract-every', '2', '--json');
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as ExtractReport;
    expect(report.sessions.some((s) => s.runs > 0)).toBe(true);
    expect(JSON.stringify(report)).not.toContain('"mode":"two-phase"');
    const text = extract(out, '--per-turn', '--extract-every', '2');
    expect(text.stdout).toMatch(/^memlog extract: 2 project\(s\), 4 session\(s\): 0 processed/);
    expect(text.stdout).toContain('memories added: none');
  });

  it('--per-turn counts the runs the gates skipped and what they would have sent, once; the policy is printed and recorded', () => {
    const out = tempDir();
    const run = extract(out, '--per-turn', '--prose-words', '4', '--json');
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as ExtractReport & { policy: string };
    expect(report.policy).toBe('memlog');
    // The main agent saved the pnpm preference itself (a1eaaff9); "Looks good, thanks!" (4a2030a7) has 3 words.
    expect(report.skipped).toEqual({ direct_write: 1, prose: 1 });
    expect(report.tokensSaved).toBeGreaterThan(20_000);
    const log = join(out, '-home-dev-acme-shop', 'effects', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.memlog.jsonl');
    const records = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const skips = records.filter((r) => r['type'] === 'decision' && (r['decision'] as { kind: string }).kind === 'extraction_skipped');
    expect(skips.map((r) => (r['decision'] as { gate?: string }).gate)).toEqual(['prose']);
    expect(records.filter((r) => r['type'] === 'run_started').every((r) => r['policy'] === 'memlog')).toBe(true);

    const text = extract(out, '--per-turn', '--prose-words', '4');
    expect(text.stdout).toContain('policy memlog');
    // Skips already in the effect logs are not counted again.
    expect(text.stdout).not.toContain('gates:');
  });

  it('--policy, --prose-words and --idle-flush need --per-turn', () => {
    const out = tempDir();
    expect(extract(out, '--policy', 'claude-code').stderr).toMatch(/--policy decides the runs of --per-turn/);
    expect(extract(out, '--prose-words', '2').stderr).toMatch(/--prose-words decides the runs of --per-turn/);
  });

  it('--first-look enforce: a no skips the run with the cursor kept, recorded first, and replay reproduces it without a model', () => {
    const out = tempDir();
    const run = extract(out, '--per-turn', '--first-look', 'enforce', '--json');
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as ExtractReport;
    expect(report.firstLooks.no).toBeGreaterThan(0);
    expect(report.skipped['first_look']).toBe(report.firstLooks.no);
    const session = join(demoProjects, '-home-dev-acme-shop', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');
    const log = join(out, '-home-dev-acme-shop', 'effects', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.memlog.jsonl');
    const records = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; decision?: { kind: string; answer?: unknown } });
    const looks = records.filter((r) => r.decision?.kind === 'first_look');
    expect(looks.map((r) => r.decision?.answer)).toContain(false);
    // Each answer is in the log before its run's end.
    const firstNo = records.findIndex((r) => r.decision?.kind === 'first_look' && r.decision.answer === false);
    expect(records.slice(firstNo).some((r) => r.type === 'run_finished')).toBe(true);

    const replay = runCli(['replay', session, '--effects', log, '--policy', 'memlog'], OFFLINE).stdout;
    expect(replay).toMatch(/extraction skipped by the first look: write_likely false .*; cursor stays \(entry 30, 213ad2c0\)/);
    // The next run covers the declined run's messages too (20 of turn 1 and 19 of turn 2).
    expect(replay).toMatch(/extraction due: turn ended without tool calls, 39 new messages since the cursor \(entry 56/);

    const shadow = JSON.parse(extract(tempDir(), '--per-turn', '--first-look', 'shadow', '--json').stdout) as ExtractReport;
    // Shadow: the answers are recorded, and every run goes ahead.
    expect(shadow.firstLooks.no).toBeGreaterThan(0);
    expect(shadow.skipped['first_look']).toBeUndefined();
    expect(shadow.sessions.reduce((n, s) => n + s.runs, 0)).toBeGreaterThan(report.sessions.reduce((n, s) => n + s.runs, 0));
  });
});

describe('memlog extract while another extract works on one of the projects', () => {
  it('leaves that project for the next run, says so, does the others and exits 1; the next run does it', () => {
    const out = tempDir();
    const acme = join(out, '-home-dev-acme-shop');
    mkdirSync(acme, { recursive: true });
    // The lock another extract takes on a memory folder, held by a live process: this test's.
    writeFileSync(join(acme, '.memory.memlog-extract.lock'), String(process.pid));
    const run = extract(out);
    expect(run.status, run.stderr).toBe(1);
    // The first line counts what was found, the held project's three sessions as left (decision 114).
    expect(run.stdout.split('\n')[0]).toBe(
      'memlog extract: 2 project(s), 4 session(s): 1 processed, 0 with nothing new, 3 left for the next run',
    );
    expect(run.stderr).toContain(`: left for the next run: another memlog extract (pid ${process.pid})`);
    expect(run.stderr).not.toContain('FAILED');
    expect(run.stdout).toContain(
      `  1 project(s) left for the next memlog extract, which does them:\n    another memlog extract (pid ${process.pid}) is working on ${join(acme, 'memory')}`,
    );
    expect(run.stdout).not.toContain('could not be read');
    expect(run.stdout).toMatch(/-home-dev-notes-cli\/memory: 1 memory; phase 2: consolidated/);
    rmSync(join(acme, '.memory.memlog-extract.lock'));
    const next = extract(out);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/-home-dev-acme-shop\/memory: 5 memories; phase 2: consolidated/);
  });
});

describe('memlog extract --json while another extract works on one of the projects', () => {
  it.each([[[]], [['--per-turn']]])('extract %j: the held sessions are left, not failed, and the run exits 1', (mode) => {
    const out = tempDir();
    const acme = join(out, '-home-dev-acme-shop');
    mkdirSync(acme, { recursive: true });
    writeFileSync(join(acme, '.memory.memlog-extract.lock'), String(process.pid));
    const run = extract(out, '--json', ...mode);
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as ExtractReport | BackfillReport;
    expect({ found: report.found, left: report.left, failedSessions: report.failedSessions }).toEqual({
      found: { projects: 2, sessions: 4 },
      left: 3,
      failedSessions: 0,
    });
    expect(report.sessions.filter((s) => s.heldBy === process.pid)).toHaveLength(1);
  });
});

describe('memlog extract given a path it cannot use', () => {
  it.each([
    ['a folder that is not there', (dir: string) => join(dir, 'nowhere'), /^memlog: no folder .*nowhere\n$/],
    [
      'a transcript instead of a folder',
      () => join(demoProjects, '-home-dev-notes-cli', 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl'),
      /^memlog: .*\.jsonl is a file; memlog extract takes a projects folder or one project folder\n$/,
    ],
  ])('%s: one line naming it, before any word about the model, and exit 2', (_what, path, line) => {
    const out = tempDir();
    const run = runCli(['extract', path(out), '--out', join(out, 'out')], { env: { ANTHROPIC_API_KEY: '' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(line);
    expect(run.stdout).toBe('');
  });
});
