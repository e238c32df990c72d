import { copyFileSync, existsSync, linkSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConversation } from '../../src/index.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');

function place() {
  const dir = tempDir();
  const transcript = join(dir, 'session.jsonl');
  copyFileSync(SESSION, transcript);
  const other = join(dir, 'notes.txt');
  writeFileSync(other, 'an unrelated file\n');
  return { dir, transcript, other, original: readFileSync(transcript) };
}

/** Compacts with a rung that needs no model, writing to `out`. */
const compactTo = (transcript: string, out: string, ...extra: string[]) =>
  runCli(['compact', transcript, '--strategy', 'notes', '--out', out, ...extra]);

const refused = (result: ReturnType<typeof runCli>, pattern: RegExp) => {
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.status).toBe(2);
};

describe('memlog compact --out', () => {
  it('refuses an existing file, and with --force replaces it with the compacted copy', () => {
    const p = place();
    refused(compactTo(p.transcript, p.other), /already exists; --force replaces it/);
    expect(readFileSync(p.other, 'utf8')).toBe('an unrelated file\n');
    const forced = compactTo(p.transcript, p.other, '--force');
    expect(forced.status).toBe(0);
    expect(loadConversation(p.other).messages.length).toBeGreaterThan(0);
    expect(readFileSync(p.other).subarray(0, p.original.length).equals(p.original)).toBe(true);
    expect(readFileSync(p.transcript).equals(p.original)).toBe(true);
  });

  it('refuses a symbolic link, even a dangling one, even with --force, and writes nothing through it', () => {
    const p = place();
    const link = join(p.dir, 'link.jsonl');
    symlinkSync(p.other, link);
    refused(compactTo(p.transcript, link), /is a symbolic link/);
    refused(compactTo(p.transcript, link, '--force'), /is a symbolic link/);
    expect(readFileSync(p.other, 'utf8')).toBe('an unrelated file\n');
    const dangling = join(p.dir, 'dangling.jsonl');
    const target = join(p.dir, 'created-through-the-link.jsonl');
    symlinkSync(target, dangling);
    refused(compactTo(p.transcript, dangling, '--force'), /is a symbolic link/);
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
  });

  it('refuses the transcript itself under any name, even with --force: the transcript is never compacted in place by --out', () => {
    const p = place();
    const hardLink = join(p.dir, 'same.jsonl');
    linkSync(p.transcript, hardLink);
    refused(compactTo(p.transcript, p.transcript), /is the transcript itself/);
    refused(compactTo(p.transcript, p.transcript, '--force'), /is the transcript itself/);
    refused(compactTo(p.transcript, `${p.dir}/./session.jsonl`, '--force'), /is the transcript itself/);
    refused(compactTo(p.transcript, hardLink, '--force'), /is the transcript itself/);
    expect(readFileSync(p.transcript).equals(p.original)).toBe(true);
  });

  it('refuses a directory, even with --force', () => {
    const p = place();
    refused(compactTo(p.transcript, p.dir, '--force'), /is a directory/);
  });

  it('a new file is written as before', () => {
    const p = place();
    const out = join(p.dir, 'compacted.jsonl');
    expect(compactTo(p.transcript, out).status).toBe(0);
    expect(loadConversation(out).messages.length).toBeGreaterThan(0);
    expect(readFileSync(p.transcript).equals(p.original)).toBe(true);
  });
});

describe('memlog memory --dir', () => {
  it('a missing folder says so, exit 2, for list and why', () => {
    const missing = join(tempDir(), 'no-such-memory');
    const list = runCli(['memory', 'list', '--dir', missing]);
    expect(list.stderr).toBe(`memlog: ${missing}: no such memory folder\n`);
    expect(list.status).toBe(2);
    const why = runCli(['memory', 'why', 'x', '--dir', missing]);
    expect(why.stderr).toBe(`memlog: ${missing}: no such memory folder\n`);
    expect(why.status).toBe(2);
  });
});
