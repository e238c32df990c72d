import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemlogError } from '../../src/errors.js';
import { acquireProcessLock, processAlive } from '../../src/fs/processLock.js';
import { startTogether } from '../support/barrier.js';
import { leftovers } from '../support/dirSnapshot.js';
import { tempDir } from '../support/tempDir.js';

const options = { holder: 'memlog notes', target: 'summary.md' };

/** The pid of a process that has ended and been reaped. */
function deadPid(): number {
  const pid = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  expect(processAlive(pid)).toBe(false);
  return pid;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A live process that does nothing (or runs `code` first), killed after the test. */
function liveProcess(code = '', ...args: string[]): number {
  const child = spawn(process.execPath, ['-e', `${code}; setInterval(() => {}, 1000)`, ...args], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** What acquireProcessLock threw, or null when it took the lock (released again at once). */
function refusal(lockPath: string): MemlogError | null {
  try {
    acquireProcessLock(lockPath, options)();
    return null;
  } catch (error) {
    if (error instanceof MemlogError) return error;
    throw error;
  }
}

describe('acquireProcessLock', () => {
  it('one holder at a time: a second taker is refused while the lock is held, and gets it once it is released', () => {
    const lock = join(tempDir(), 'nested', '.summary.md.memlog-notes.lock');
    const release = acquireProcessLock(lock, options);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(refusal(lock)?.message).toMatch(`(pid ${process.pid})`);
    release();
    expect(existsSync(lock)).toBe(false);
    const again = acquireProcessLock(lock, options);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    again();
    expect(existsSync(lock)).toBe(false);
  });

  it('the refusal is one line naming the live holder’s pid, the work and the target; the lock stays as it was', () => {
    const lock = join(tempDir(), '.summary.md.memlog-notes.lock');
    const holder = liveProcess();
    writeFileSync(lock, String(holder));
    expect(refusal(lock)?.message).toBe(
      `another memlog notes (pid ${holder}) is working on summary.md; wait for it, or remove ${lock} if that process is gone`,
    );
    expect(readFileSync(lock, 'utf8')).toBe(String(holder));
  });

  it('a lock whose process is gone is taken over, and released like any other', () => {
    const dir = tempDir();
    const lock = join(dir, '.summary.md.memlog-notes.lock');
    writeFileSync(lock, `${deadPid()}\n`);
    const release = acquireProcessLock(lock, options);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  it('release removes only our own lock: not one another process has taken since', () => {
    const lock = join(tempDir(), '.summary.md.memlog-notes.lock');
    const release = acquireProcessLock(lock, options);
    const other = String(liveProcess());
    writeFileSync(lock, other);
    release();
    expect(readFileSync(lock, 'utf8')).toBe(other);
    release();
    expect(readFileSync(lock, 'utf8')).toBe(other);
  });

  it('a lock naming this process that this process does not hold (a release the disk refused) is stale', () => {
    const lock = join(tempDir(), '.summary.md.memlog-notes.lock');
    writeFileSync(lock, String(process.pid));
    const release = acquireProcessLock(lock, options);
    // Now it does hold it: a second taker in this process is refused.
    expect(refusal(lock)?.message).toMatch(`(pid ${process.pid})`);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('a lock with no pid in it yet belongs to the process writing it: it is waited for, never taken over', () => {
    const lock = join(tempDir(), '.summary.md.memlog-notes.lock');
    // Created and not yet written, as between open(wx) and write: its creator writes its pid a moment later.
    writeFileSync(lock, '');
    const creator = liveProcess("setTimeout(() => require('node:fs').writeFileSync(process.argv[1], String(process.pid)), 300)", lock);
    expect(refusal(lock)?.message).toMatch(`another memlog notes (pid ${creator}) is working on summary.md`);
    expect(readFileSync(lock, 'utf8')).toBe(String(creator));
  });

  it('a lock with no pid that is old (its creator died before writing one) is stale', () => {
    const lock = join(tempDir(), '.summary.md.memlog-notes.lock');
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(refusal(lock)).toBeNull();
    expect(existsSync(lock)).toBe(false);
  });

  const CHILDREN = 8;
  const ROUNDS = 20;
  it.each([
    ['a stale lock (its process is gone)', true],
    ['no lock yet', false],
  ])(
    '%s: 8 processes race for it at one moment, 20 rounds: each round exactly one takes it and every other is told who holds it',
    async (_what, stale) => {
      const dir = tempDir();
      const locks = Array.from({ length: ROUNDS }, (_, round) => join(dir, `round-${round}.lock`));
      if (stale) {
        const dead = String(deadPid());
        for (const lock of locks) writeFileSync(lock, dead);
      }
      // Winners hold their locks until every child has been through every round.
      const results = await startTogether(
        'lockChild',
        Array.from({ length: CHILDREN }, () => ['50', ...locks]),
        { holdUntil: (stdout) => stdout.split('\n').length > ROUNDS },
      );
      for (const result of results) expect(result.status, result.stderr).toBe(0);
      const outcomes = locks.map((lock, round) => {
        const lines = results.map((result) => ({
          pid: result.pid,
          line: result.stdout.split('\n').find((l) => l.startsWith(`${round} `)),
        }));
        const winners = lines.filter((l) => l.line === `${round} won`);
        const told =
          winners.length === 1
            ? `${round} busy another lock child (pid ${winners[0]!.pid}) is working on ${lock}; wait for it, or remove ${lock} if that process is gone`
            : '';
        return {
          round,
          winners: winners.length,
          others: lines.filter((l) => l.line !== `${round} won` && l.line !== told).map((l) => l.line),
        };
      });
      expect(outcomes).toEqual(locks.map((_, round) => ({ round, winners: 1, others: [] })));
      expect(leftovers(dir)).toEqual([]);
    },
  );
});
