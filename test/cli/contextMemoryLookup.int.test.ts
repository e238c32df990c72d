import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessagesRequestBody } from '../../src/context/index.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const ACME = '-home-dev-acme-shop';
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl';
const NOTES = '-home-dev-notes-cli';
const NOTES_SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl';

/**
 * Projects whose folders hold no memory of their own, where the person works (cwd), and a home with an
 * empty Claude Code folder: the only memories are the ones `memlog extract` writes.
 */
function setUp(): { projects: string; cwd: string; config: string; env: NodeJS.ProcessEnv; args: (...more: string[]) => string[] } {
  const root = realpathSync(tempDir());
  const projects = join(root, 'projects');
  cpSync(demoProjects, projects, { recursive: true });
  for (const project of [ACME, '-home-dev-notes-cli']) rmSync(join(projects, project, 'memory'), { recursive: true, force: true });
  const cwd = join(root, 'work');
  const config = join(root, 'home', '.claude');
  mkdirSync(cwd);
  mkdirSync(config, { recursive: true });
  const env = {
    HOME: join(root, 'home'),
    CLAUDE_CONFIG_DIR: '',
    CLAUDE_CODE_REMOTE_MEMORY_DIR: '',
    CLAUDE_COWORK_MEMORY_PATH_OVERRIDE: '',
  };
  const transcript = join(projects, ACME, SESSION);
  const args = (...more: string[]) => ['context', transcript, '--managed-dir', join(root, 'managed'), ...more];
  return { projects, cwd, config, env, args };
}

describe('memlog context looks for memories where memlog mcp does (decision 108)', () => {
  it('after memlog extract, the index it wrote under ./memlog-out is in context, and stderr says where it was read', () => {
    const { projects, cwd, env, args } = setUp();
    expect(runCli(['extract', projects, '--model', 'offline'], { cwd, env }).status).toBe(0);
    const result = runCli(args('--json'), { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    const memory = join(cwd, 'memlog-out', ACME, 'memory');
    expect(result.stderr).toContain(`memlog: memories read from ./memlog-out/${ACME}/memory (--memory-dir names another folder)\n`);
    const body = JSON.parse(result.stdout) as MessagesRequestBody;
    expect(body.system?.map((part) => part.text).join('')).toContain(memory);
    const first = body.messages[0]!.content[0] as { text: string };
    expect(first.text).toContain(`Contents of ${join(memory, 'MEMORY.md')}`);
    const readable = runCli(args(), { cwd, env });
    expect(readable.stdout).toContain(`  memory: ${memory}\n`);
    expect(readable.stdout).not.toContain('no MEMORY.md shown');
  });

  it('with no memory folder anywhere, stderr lists every place looked in, in order', () => {
    const { projects, cwd, config, env, args } = setUp();
    const result = runCli(args(), { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    const places = [join(projects, ACME, 'memory'), join(config, 'projects', ACME, 'memory')];
    expect(result.stderr).toContain(`memlog: no memory folder for this project; looked in ${places.join(', ')} (--memory-dir names one)\n`);
    expect(result.stdout).toContain('no MEMORY.md shown');
  });

  it('extract’s output comes before the project’s own memory folder; --memory-dir is read as given, without a word', () => {
    const { projects, cwd, env, args } = setUp();
    expect(runCli(['extract', projects, '--model', 'offline'], { cwd, env }).status).toBe(0);
    mkdirSync(join(projects, ACME, 'memory'));
    expect(runCli(args(), { cwd, env }).stderr).toContain(`memories read from ./memlog-out/${ACME}/memory`);
    const own = join(projects, ACME, 'memory');
    const given = runCli(args('--memory-dir', own), { cwd, env });
    expect(given.status, given.stderr).toBe(0);
    expect(given.stdout).toContain(`  memory: ${own}\n`);
    expect(given.stderr).not.toContain('memlog: memories read from');
    expect(given.stderr).not.toContain('no memory folder');
  });

  it('two projects with the same folder name at different depths: each session gets the memory extract wrote for its own', () => {
    const { cwd, env } = setUp();
    const root = join(realpathSync(tempDir()), 'tree');
    const notes = join(root, NOTES);
    const nested = join(root, 'old', NOTES);
    cpSync(join(demoProjects, NOTES), notes, { recursive: true });
    mkdirSync(nested, { recursive: true });
    cpSync(join(demoProjects, ACME, SESSION), join(nested, SESSION));
    expect(runCli(['extract', root, '--model', 'offline'], { cwd, env }).status).toBe(0);
    const shown = (transcript: string) => runCli(['context', transcript, '--managed-dir', join(cwd, 'none')], { cwd, env }).stdout;
    expect(shown(join(nested, SESSION))).toContain(`  memory: ${join(cwd, 'memlog-out', `old__${NOTES}`, 'memory')}\n`);
    expect(shown(join(notes, NOTES_SESSION))).toContain(`  memory: ${join(cwd, 'memlog-out', NOTES, 'memory')}\n`);
  });

  it('extract given a Claude Code folder names its projects projects__<name>: context finds them there', () => {
    const { projects, cwd, env, args } = setUp();
    expect(runCli(['extract', join(projects, '..'), '--model', 'offline'], { cwd, env }).status).toBe(0);
    const result = runCli(args(), { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`  memory: ${join(cwd, 'memlog-out', `projects__${ACME}`, 'memory')}\n`);
  });
});
