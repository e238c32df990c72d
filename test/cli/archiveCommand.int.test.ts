import { appendFileSync, cpSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects, repoRoot } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';
const PROJECT = '-home-dev-notes-cli';

/** A Claude config folder holding a copy of the demo projects, and an archive beside it. */
function setUp(): { config: string; projects: string; archive: string } {
  const root = tempDir();
  const config = join(root, 'claude');
  cpSync(demoProjects, join(config, 'projects'), { recursive: true });
  return { config, projects: join(config, 'projects'), archive: join(root, 'archive') };
}

const archive = (config: string, archiveDir: string, ...args: string[]) =>
  runCli(['archive', ...args, '--to', archiveDir, '--config-dir', config, '--json']);

describe('memlog archive', () => {
  it('stores every session, then only what grew, and restores the newest bytes', () => {
    const { config, projects, archive: dir } = setUp();
    const first = archive(config, dir);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).outcomes).toMatchObject({ added: 6 });
    const transcript = join(projects, PROJECT, `${SESSION}.jsonl`);
    appendFileSync(transcript, '{"type":"user","text":"later"}\n');
    const second = JSON.parse(archive(config, dir).stdout);
    expect(second.outcomes).toMatchObject({ grown: 1, added: 0, rewritten: 0 });
    expect(second.bytesRead).toBe('{"type":"user","text":"later"}\n'.length);
    const into = tempDir();
    const restored = runCli(['archive', 'restore', SESSION, '--archive', dir, '--to', into]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(readFileSync(join(into, PROJECT, `${SESSION}.jsonl`)).equals(readFileSync(transcript))).toBe(true);
  }, 120_000);

  it('keeps a different file at the restore target unless --force, and says so with exit 1', () => {
    const { config, projects, archive: dir } = setUp();
    archive(config, dir);
    const transcript = join(projects, PROJECT, `${SESSION}.jsonl`);
    const original = readFileSync(transcript);
    writeFileSync(transcript, '{"edited":true}\n');
    const kept = runCli(['archive', 'restore', '--archive', dir, '--into-claude', '--config-dir', config, '--', PROJECT]);
    expect(kept.status).toBe(1);
    expect(kept.stdout).toContain(`kept ${PROJECT}/${SESSION}.jsonl: a different file is there (--force replaces it)`);
    expect(readFileSync(transcript, 'utf8')).toBe('{"edited":true}\n');
    const forced = runCli(['archive', 'restore', '--archive', dir, '--into-claude', '--config-dir', config, '--force', '--', PROJECT]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(readFileSync(transcript).equals(original)).toBe(true);
  }, 120_000);

  it('groups the thousands of every byte count, as every other command prints a count (decision 114)', () => {
    const { config, archive: dir } = setUp();
    const run = runCli(['archive', '--to', dir, '--config-dir', config]);
    expect(run.status, run.stderr).toBe(0);
    const read = /read ([\d,]+) byte\(s\), stored ([\d,]+) compressed/.exec(run.stdout);
    expect(read, run.stdout).not.toBeNull();
    const bytesRead = Number(read![1]!.replaceAll(',', ''));
    expect(bytesRead).toBeGreaterThan(999);
    expect(read![1]).toBe(bytesRead.toLocaleString('en-US'));
    expect(read![2]).toBe(Number(read![2]!.replaceAll(',', '')).toLocaleString('en-US'));
    const verified = runCli(['archive', 'verify', '--archive', dir]).stdout;
    expect(verified).toContain(`, ${bytesRead.toLocaleString('en-US')} byte(s): all good`);
    const listed = runCli(['archive', 'list', '--archive', dir]).stdout;
    expect(listed).toMatch(/ \d{1,3}(,\d{3})+ byte\(s\) \([\d,]+ stored\)/);
    expect(listed).not.toMatch(/ \d{4,} byte\(s\)/);
  }, 120_000);

  it('verify names a damaged piece and exits 1', () => {
    const { config, archive: dir } = setUp();
    archive(config, dir);
    expect(runCli(['archive', 'verify', '--archive', dir]).stdout).toMatch(/: all good\n$/);
    const folder = join(dir, 'pieces', readdirSync(join(dir, 'pieces'))[0]!);
    const piece = join(folder, readdirSync(folder)[0]!);
    const bytes = readFileSync(piece);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 5) ^ 0xff, bytes.length - 5);
    writeFileSync(piece, bytes);
    const verified = runCli(['archive', 'verify', '--archive', dir]);
    expect(verified.status).toBe(1);
    expect(verified.stdout).toMatch(/1 problem\(s\)\n {2}.*does not match its checksum/);
  }, 120_000);

  it('status lists the sessions older than cleanupPeriodDays as the local settings set it, and whether each is archived', () => {
    const { config, projects, archive: dir } = setUp();
    const project = tempDir();
    writeFileSync(join(config, 'settings.json'), '{"cleanupPeriodDays": 5}');
    mkdirSync(join(project, '.claude'));
    writeFileSync(join(project, '.claude', 'settings.local.json'), '{"cleanupPeriodDays": 10}');
    const old = new Date(Date.now() - 20 * 86_400_000);
    utimesSync(join(projects, PROJECT, `${SESSION}.jsonl`), old, old);
    const before = runCli(['archive', 'status', '--archive', dir, '--config-dir', config, '--project', project]);
    expect(before.stdout).toMatch(/^cleanupPeriodDays: 10 \(from .*settings\.local\.json\)\n1 session\(s\) older than 10 day\(s\)/);
    expect(before.stdout).toContain(`missing   ${old.toISOString().slice(0, 10)}  ${PROJECT}/${SESSION}.jsonl`);
    expect(before.status).toBe(1);
    archive(config, dir);
    const after = runCli(['archive', 'status', '--archive', dir, '--config-dir', config, '--project', project]);
    expect(after.stdout).toContain(`archived  ${old.toISOString().slice(0, 10)}  ${PROJECT}/${SESSION}.jsonl`);
    expect(after.status).toBe(0);
  }, 120_000);

  it('a second run at once stops on the lock with one line, and leaves the archive as it was', () => {
    const { config, archive: dir } = setUp();
    mkdirSync(dir, { recursive: true });
    // This test's own process is alive: the lock is held.
    writeFileSync(join(dir, 'lock'), String(process.pid));
    const second = archive(config, dir);
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`^memlog: another memlog archive \\(pid ${process.pid}\\) is working on .*\n$`));
    expect(readdirSync(dir)).toEqual(['lock']);
  }, 120_000);

  it('says where to restore and what, in one line each', () => {
    const { config, archive: dir } = setUp();
    archive(config, dir);
    const nowhere = runCli(['archive', 'restore', SESSION, '--archive', dir]);
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toMatch(/^error: say where to restore: --into-claude or --to <dir>, one of them\n/);
    const unknown = runCli(['archive', 'restore', 'nope', '--archive', dir, '--to', tempDir()]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^memlog: no archived session or project nope in /);
  }, 120_000);

  it('--redact stores copies without the secrets, lists them per session, restores the redacted bytes and says so', () => {
    const root = tempDir();
    const projects = join(root, 'projects');
    cpSync(join(repoRoot, 'fixtures', 'secrets'), projects, { recursive: true });
    const key = '-home-dev-deploy/6f1d2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a.jsonl';
    const original = readFileSync(join(projects, key));
    const dir = join(root, 'archive');
    const run = runCli(['archive', join(projects, '-home-dev-deploy'), '--to', dir, '--redact']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /\n {2}redacted 2 secret\(s\) in 1 session\(s\)\n {4}-home-dev-deploy\/6f1d2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a: aws-access-token 1, env-password 1\n$/,
    );
    expect(readFileSync(join(projects, key)).equals(original)).toBe(true);
    const into = join(root, 'restored');
    const restored = runCli(['archive', 'restore', '--all', '--archive', dir, '--to', into]);
    expect(restored.stdout).toContain('1 file(s) from redacted copies: their secrets are [REDACTED:<rule>] markers');
    const text = readFileSync(join(into, key), 'utf8');
    expect(text).toContain('[REDACTED:aws-access-token]');
    expect(text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(runCli(['archive', 'verify', '--archive', dir]).stdout).toMatch(
      /^verified 1 file\(s\), 1 version\(s\) \(1 redacted\), .*: all good\n$/,
    );
  }, 120_000);

  it('--install-hook --redact makes the hook archive with --redact; --redact with --uninstall-hook is a usage error', () => {
    const root = tempDir();
    const settings = join(root, 'settings.json');
    const installed = runCli(['archive', '--install-hook', '--redact', '--settings', settings, '--to', join(root, 'archive')]);
    expect(installed.status, installed.stderr).toBe(0);
    const hooks = JSON.parse(readFileSync(settings, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    for (const event of ['SessionEnd', 'PreCompact'])
      expect(hooks.hooks[event]?.[0]?.hooks[0]?.command).toMatch(/ archive hook --to .* --redact$/);
    const both = runCli(['archive', '--uninstall-hook', '--redact', '--settings', settings]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/^error: --redact says how to archive; --uninstall-hook archives nothing\n/);
  }, 120_000);
});
