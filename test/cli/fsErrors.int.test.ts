import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import type { FsFault } from '../support/failFs.js';
import { runCli } from '../support/runCli.js';
import { unprivilegedUser } from '../support/unprivileged.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');

/** A folder with a readable transcript, a directory, a regular file and a symlink loop. */
function place() {
  const dir = tempDir();
  const transcript = join(dir, 'session.jsonl');
  copyFileSync(SESSION, transcript);
  const folder = join(dir, 'folder');
  mkdirSync(folder);
  const loop = join(dir, 'loop.jsonl');
  symlinkSync(join(dir, 'loop2.jsonl'), loop);
  symlinkSync(loop, join(dir, 'loop2.jsonl'));
  return {
    dir,
    transcript,
    folder,
    loop,
    missing: join(dir, 'missing.jsonl'),
    underFile: join(transcript, 'x.jsonl'),
    out: join(dir, 'out.jsonl'),
  };
}

type Place = ReturnType<typeof place>;

interface Case {
  readonly name: string;
  readonly args: (p: Place) => string[];
  /** The one line stderr must be, after `memlog: `. */
  readonly line: (p: Place) => string;
  readonly failFs?: (p: Place) => readonly FsFault[];
}

// EACCES and ENOSPC come from test/support/failFs.ts: tests run as root in CI, where a chmod 000
// file stays readable, and no disk here is full. The rest are real.
const cases: Case[] = [
  {
    name: 'compact of a missing file (ENOENT)',
    args: (p) => ['compact', p.missing, '--strategy', 'notes'],
    line: (p) => `${p.missing}: no such file or directory`,
  },
  {
    name: 'notes of a missing file (ENOENT)',
    args: (p) => ['notes', p.missing, '--model', 'offline'],
    line: (p) => `${p.missing}: no such file or directory`,
  },
  { name: 'replay of a missing file (ENOENT)', args: (p) => ['replay', p.missing], line: (p) => `${p.missing}: no such file or directory` },
  {
    name: 'compact under a file (ENOTDIR)',
    args: (p) => ['compact', p.underFile, '--strategy', 'notes'],
    line: (p) => `${p.underFile}: not a directory`,
  },
  { name: 'replay under a file (ENOTDIR)', args: (p) => ['replay', p.underFile], line: (p) => `${p.underFile}: not a directory` },
  {
    name: 'compact of a symlink loop (ELOOP)',
    args: (p) => ['compact', p.loop, '--strategy', 'notes'],
    line: (p) => `${p.loop}: too many symbolic links`,
  },
  {
    name: 'notes of a symlink loop (ELOOP)',
    args: (p) => ['notes', p.loop, '--model', 'offline'],
    line: (p) => `${p.loop}: too many symbolic links`,
  },
  { name: 'inspect of a symlink loop (ELOOP)', args: (p) => ['inspect', p.loop], line: (p) => `${p.loop}: too many symbolic links` },
  { name: 'context of a symlink loop (ELOOP)', args: (p) => ['context', p.loop], line: (p) => `${p.loop}: too many symbolic links` },
  {
    name: 'replay of an unreadable file (EACCES)',
    args: (p) => ['replay', p.transcript],
    line: (p) => `${p.transcript}: permission denied`,
    failFs: (p) => [{ path: p.transcript, code: 'EACCES' }],
  },
  {
    name: 'compact of an unreadable file (EACCES)',
    args: (p) => ['compact', p.transcript, '--strategy', 'notes'],
    line: (p) => `${p.transcript}: permission denied`,
    failFs: (p) => [{ path: p.transcript, code: 'EACCES' }],
  },
  {
    name: 'compact --out on a full disk (ENOSPC)',
    args: (p) => ['compact', p.transcript, '--strategy', 'notes', '--out', p.out],
    line: (p) => `${p.transcript} → ${p.out}: no space left on device; no copy was written`,
    failFs: (p) => [{ path: p.out, code: 'ENOSPC' }],
  },
  {
    name: 'replay of a directory',
    args: (p) => ['replay', p.folder],
    line: (p) => `${p.folder} is a directory; give one transcript .jsonl file (memlog inspect lists them)`,
  },
  {
    name: 'notes of a directory',
    args: (p) => ['notes', p.folder, '--model', 'offline'],
    line: (p) => `${p.folder} is a directory; give one transcript .jsonl file (memlog inspect lists them)`,
  },
  {
    name: 'compact of a directory',
    args: (p) => ['compact', p.folder, '--strategy', 'notes'],
    line: (p) => `${p.folder} is a directory; give one transcript .jsonl file (memlog inspect lists them)`,
  },
];

describe('a bad path is one line on stderr and exit status 2, never a stack trace', () => {
  it.each(cases)('$name', (c) => {
    const p = place();
    const result = runCli(c.args(p), c.failFs === undefined ? {} : { failFs: c.failFs(p) });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.stderr).toBe(`memlog: ${c.line(p)}\n`);
    expect(result.status).toBe(2);
  });

  it('a real chmod 000 transcript (as root, read by an unprivileged child: root ignores permissions)', async () => {
    const { chmodSync } = await import('node:fs');
    const p = place();
    chmodSync(p.transcript, 0o000);
    const user = unprivilegedUser(dirname(p.transcript));
    const result = runCli(['replay', p.transcript], user === undefined ? {} : { user });
    expect(result.stderr).toBe(`memlog: ${p.transcript}: permission denied\n`);
    expect(result.status).toBe(2);
  });
});
