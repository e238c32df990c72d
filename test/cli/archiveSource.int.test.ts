import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects, repoRoot } from '../support/paths.js';
import { runCli, type CliResult } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

const PROJECT = '-home-dev-acme-shop';
const SESSION = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';
const NOTES_PROJECT = '-home-dev-notes-cli';
const NOTES_SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';

let projects = '';
let archiveDir = '';
/** The children's TMPDIR, where staged copies go: empty again after each command. */
let staging = '';
let root = '';

// One archive for every test here (tempDir's folders go after each test).
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'memlog-test-'));
  staging = join(root, 'tmp');
  mkdirSync(staging);
  const config = join(root, 'claude');
  cpSync(demoProjects, join(config, 'projects'), { recursive: true });
  projects = join(config, 'projects');
  archiveDir = join(root, 'archive');
  const archived = runCli(['archive', '--to', archiveDir, '--config-dir', config]);
  expect(archived.status, archived.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The output with the projects folder, original or staged from the archive, written as <root>. */
function normalised(result: CliResult): { status: number | null; stdout: string; stderr: string } {
  const strip = (text: string) =>
    text
      .split(projects)
      .join('<root>')
      .replace(/\/[^\s"']*memlog-archived-[A-Za-z0-9]+/g, '<root>');
  return { status: result.status, stdout: strip(result.stdout), stderr: strip(result.stderr) };
}

/** Runs a command with the archive as the default one, so an id is looked up there. */
const run = (args: readonly string[]) => normalised(runCli(args, { env: { MEMLOG_ARCHIVE: archiveDir, TMPDIR: staging } }));

describe('every command reads the archive as a source, with the outputs it gives over the original files', () => {
  it('inspect: an archive folder as the projects folder, an archived session id as its transcript', () => {
    const original = run(['inspect', projects]);
    expect(original.status).toBe(0);
    expect(run(['inspect', archiveDir])).toEqual(original);
    expect(run(['inspect', SESSION, '--json'])).toEqual(run(['inspect', join(projects, PROJECT, `${SESSION}.jsonl`), '--json']));
  }, 120_000);

  it('replay: an archived session id', () => {
    const original = run(['replay', join(projects, PROJECT, `${SESSION}.jsonl`), '--json']);
    expect(original.status).toBe(0);
    expect(original.stdout).toContain('compaction_due');
    expect(run(['replay', SESSION, '--json'])).toEqual(original);
  }, 120_000);

  it('report: an archive folder, and an archived session id as a folder of that session', () => {
    const original = run(['report', projects, '--json']);
    expect(original.status).toBe(0);
    expect(run(['report', archiveDir, '--json'])).toEqual(original);
    const one = run(['report', NOTES_SESSION, '--json']);
    expect(reportRows(one.stdout)).toEqual(reportRows<{ session: string }>(original.stdout).filter((row) => row.session === NOTES_SESSION));
  }, 120_000);

  it('context: an archived session id', () => {
    const file = join(projects, NOTES_PROJECT, `${NOTES_SESSION}.jsonl`);
    const isolated = ['--config-dir', join(tempDir(), 'config'), '--managed-dir', join(tempDir(), 'managed')];
    const original = run(['context', file, '--json', ...isolated]);
    expect(original.status).toBe(0);
    expect(run(['context', NOTES_SESSION, '--json', ...isolated])).toEqual(original);
  }, 120_000);

  it('extract: an archive folder gives the same memories as the projects folder', () => {
    const [fromFiles, fromArchive] = [tempDir(), tempDir()];
    const original = run(['extract', projects, '--out', fromFiles]);
    expect(original.status, original.stderr).toBe(0);
    const archived = run(['extract', archiveDir, '--out', fromArchive]);
    // The output folder is shown as the CLI shows a path: relative to where it runs when that is shorter.
    const named = (stdout: string, out: string) => stdout.split(out).join('<out>').split(relative(repoRoot, out)).join('<out>');
    expect(named(archived.stdout, fromArchive)).toBe(named(original.stdout, fromFiles));
    // The lock file holds a process id: left out.
    const memory = (out: string) =>
      readdirSync(join(out, PROJECT, 'memory'))
        .filter((name) => !name.startsWith('.'))
        .sort()
        .map((name) => [name, readFileSync(join(out, PROJECT, 'memory', name), 'utf8')]);
    expect(memory(fromArchive)).toEqual(memory(fromFiles));
  }, 180_000);

  it('extract --into-claude refuses an archive: its staged copy is temporary', () => {
    const result = run(['extract', archiveDir, '--into-claude']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--into-claude writes beside the transcripts; an archived source is a temporary copy/);
  }, 60_000);

  it('leaves no staged copy behind', () => {
    expect(run(['inspect', archiveDir, SESSION]).status).toBe(0);
    expect(readdirSync(staging)).toEqual([]);
  }, 60_000);
});
