import { cpSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const TIMEOUT_MS = 60_000;
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const lastWeek = new Date('2026-11-25T12:00:00Z');

/** A file outside every folder memlog works in, that a link points to: it must keep its bytes and its time. */
function precious(): { path: string; expectUntouched: () => void } {
  const path = join(tempDir(), 'precious.txt');
  writeFileSync(path, 'not memlog’s\n');
  utimesSync(path, lastWeek, lastWeek);
  return {
    path,
    expectUntouched: () => {
      expect(readFileSync(path, 'utf8')).toBe('not memlog’s\n');
      expect(statSync(path).mtime.toISOString()).toBe(lastWeek.toISOString());
    },
  };
}

function notesSetup(): { transcript: string; notes: string } {
  const dir = tempDir();
  cpSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), join(dir, `${SESSION}.jsonl`));
  mkdirSync(join(dir, 'notes'));
  return { transcript: join(dir, `${SESSION}.jsonl`), notes: join(dir, 'notes', 'summary.md') };
}

describe('a symbolic link at a lock, marker or staging path is replaced, never written through', { timeout: 3 * TIMEOUT_MS }, () => {
  it('consolidate, with a link as .consolidate-lock', () => {
    const memory = join(tempDir(), 'memory');
    cpSync(join(demoProjects, '-home-dev-acme-shop', 'memory'), memory, { recursive: true });
    cpSync(join(memory, 'prefer-pnpm.md'), join(memory, 'prefer-pnpm-2.md'));
    const target = precious();
    symlinkSync(target.path, join(memory, '.consolidate-lock'));
    const result = runCli(['consolidate', memory, '--model', 'offline', '--force', '--json'], { timeoutMs: TIMEOUT_MS });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    target.expectUntouched();
    expect(lstatSync(join(memory, '.consolidate-lock')).isFile()).toBe(true);
  });

  it('notes, with a link at its lock', () => {
    const { transcript, notes } = notesSetup();
    const target = precious();
    utimesSync(target.path, new Date(), new Date());
    const written = statSync(target.path).mtime.toISOString();
    symlinkSync(target.path, join(notes, '..', '.summary.md.memlog-notes.lock'));
    const result = runCli(['notes', transcript, '--model', 'offline', '--notes', notes], { timeoutMs: TIMEOUT_MS });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(target.path, 'utf8')).toBe('not memlog’s\n');
    expect(statSync(target.path).mtime.toISOString()).toBe(written);
  });
});
