import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const TIMEOUT_MS = 45_000;

/** The demo projects, with a pipe named like a transcript in the acme-shop project and in a session's subagents. */
function demoWithPipes() {
  const projects = join(tempDir(), 'projects');
  cpSync(demoProjects, projects, { recursive: true });
  const project = join(projects, '-home-dev-acme-shop');
  execFileSync('mkfifo', [join(project, 'pipe.jsonl')]);
  execFileSync('mkfifo', [join(project, '7f26641c-f5f5-4490-80f6-02093c4c460a', 'subagents', 'agent-pipe.jsonl')]);
  return { projects, project, memory: join(project, 'memory') };
}

// Decision 111: the views over one project's sessions skip what the walk skips; a pipe never costs
// the memory history or the report's panel.
describe('memory history beside a path the walk skips', { timeout: 6 * TIMEOUT_MS }, () => {
  it('memory effect and memory log read the other sessions, as they do without the pipe', () => {
    const t = demoWithPipes();
    const clean = join(tempDir(), 'projects');
    cpSync(demoProjects, clean, { recursive: true });
    const cleanMemory = join(clean, '-home-dev-acme-shop', 'memory');
    for (const args of [
      ['memory', 'effect'],
      ['memory', 'log'],
    ]) {
      const result = runCli([...args, '--dir', t.memory], { timeoutMs: TIMEOUT_MS });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toBe(runCli([...args, '--dir', cleanMemory]).stdout.replaceAll(clean, t.projects));
    }
  });

  it("report --html keeps the project's memory effect panel", () => {
    const t = demoWithPipes();
    const html = join(tempDir(), 'report', 'index.html');
    const report = runCli(['report', t.projects, '--html', html], { timeoutMs: TIMEOUT_MS });
    expect(report.status).toBe(1);
    expect(report.stderr).not.toContain('no memory effect panel');
    expect(readFileSync(html, 'utf8')).toContain('<h2>Memory effect: -home-dev-acme-shop</h2>');
  });
});
