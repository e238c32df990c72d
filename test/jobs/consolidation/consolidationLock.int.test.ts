import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireConsolidationLock, CONSOLIDATE_LOCK, readConsolidationLock } from '../../../src/jobs/consolidation/consolidationLock.js';
import { withFaults, type FaultKind } from '../../../src/testing/faults.js';
import { leftovers } from '../../support/dirSnapshot.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A real process that stays alive: the lock's holder in another process. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

const memoryDir = (): string => mkdtempSync(join(tmpdir(), 'memlog-lock-'));
const lockOf = (dir: string) => join(dir, CONSOLIDATE_LOCK);
const lastWeek = new Date('2026-11-25T12:00:00Z');

describe('the consolidation lock (Claude Code 2.1.332 format)', () => {
  it('holds our pid while held, and a failed run leaves no lock when there was none', async () => {
    const dir = memoryDir();
    const lock = await acquireConsolidationLock(dir);
    expect(lock.ok).toBe(true);
    expect(readFileSync(lockOf(dir), 'utf8').trim()).toBe(String(process.pid));
    if (lock.ok) await lock.release(false);
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it('a failed run puts the last consolidation time back; a successful one keeps the new one', async () => {
    const dir = memoryDir();
    writeFileSync(lockOf(dir), '999999\n');
    utimesSync(lockOf(dir), lastWeek, lastWeek);
    const failed = await acquireConsolidationLock(dir);
    if (!failed.ok) throw new Error(failed.reason);
    expect(failed.previous?.toISOString()).toBe(lastWeek.toISOString());
    await failed.release(false);
    expect(statSync(lockOf(dir)).mtime.toISOString()).toBe(lastWeek.toISOString());
    const done = await acquireConsolidationLock(dir);
    if (!done.ok) throw new Error(done.reason);
    await done.release(true);
    expect(statSync(lockOf(dir)).mtime.getTime()).toBeGreaterThan(lastWeek.getTime());
    expect(readConsolidationLock(dir).lastConsolidatedAt?.getTime()).toBe(statSync(lockOf(dir)).mtime.getTime());
  });

  it.each([
    ['there was none: none is left', false],
    ['there was one: its time is put back', true],
  ])('a full disk at any point of taking or giving back the lock of a run that never started: %s', async (_name, before) => {
    const prepare = (): string => {
      const dir = memoryDir();
      if (before) {
        writeFileSync(lockOf(dir), '999999\n');
        utimesSync(lockOf(dir), lastWeek, lastWeek);
      }
      return dir;
    };
    const takeAndGiveBack = async (dir: string): Promise<void> => {
      const lock = await acquireConsolidationLock(dir);
      if (!lock.ok) throw new Error(lock.reason);
      await lock.release(false);
    };
    const clean = await withFaults(null, () => takeAndGiveBack(prepare()));
    // A full disk still removes a file and sets its times: those points are not where it fails.
    const needingSpace = clean.trail.filter((point) => !/^\d+ (rm|utimes) /.test(point)).map((point) => Number(point.split(' ')[0]));
    expect(needingSpace.length).toBeGreaterThan(0);
    for (const at of needingSpace)
      for (const kind of ['ENOSPC', 'short'] as FaultKind[]) {
        const dir = prepare();
        const run = await withFaults({ at, kind, sticky: true }, () => takeAndGiveBack(dir));
        expect(run.fired).toBe(true);
        const where = `${kind} at ${run.trail.join(', ')}`;
        if (before) expect(statSync(lockOf(dir)).mtime.toISOString(), where).toBe(lastWeek.toISOString());
        else expect(existsSync(lockOf(dir)), where).toBe(false);
        expect(readConsolidationLock(dir).heldBy, where).toBeNull();
        expect(leftovers(dir), where).toEqual([]);
      }
  });

  it('a live holder under an hour old keeps it; a dead one, or one over an hour old, is taken over', async () => {
    const dir = memoryDir();
    const holder = liveProcess();
    writeFileSync(lockOf(dir), `${holder}\n`);
    const refused = await acquireConsolidationLock(dir);
    expect(refused).toEqual({ ok: false, reason: `another consolidation (pid ${holder}) holds ${CONSOLIDATE_LOCK}` });
    expect(readConsolidationLock(dir).heldBy).toBe(holder);

    const old = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(lockOf(dir), old, old);
    const overAnHour = await acquireConsolidationLock(dir);
    expect(overAnHour.ok).toBe(true);
    if (overAnHour.ok) await overAnHour.release(true);

    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(lockOf(dir), `${dead.pid}\n`);
    const fromTheDead = await acquireConsolidationLock(dir);
    expect(fromTheDead.ok).toBe(true);
    expect(readFileSync(lockOf(dir), 'utf8').trim()).toBe(String(process.pid));
  });

  it.each([
    ['a failed run', false],
    ['a successful run', true],
  ])('a symbolic link at the lock is replaced by a regular file, never written through (%s)', async (_, succeeded) => {
    const dir = memoryDir();
    const outside = join(mkdtempSync(join(tmpdir(), 'memlog-outside-')), 'precious.txt');
    writeFileSync(outside, 'not a pid\n');
    utimesSync(outside, lastWeek, lastWeek);
    symlinkSync(outside, lockOf(dir));
    expect(readConsolidationLock(dir)).toEqual({ lastConsolidatedAt: null, heldBy: null });
    const lock = await acquireConsolidationLock(dir);
    if (!lock.ok) throw new Error(lock.reason);
    expect(lock.previous).toBeNull();
    expect(lstatSync(lockOf(dir)).isFile()).toBe(true);
    expect(readFileSync(lockOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release(succeeded);
    expect(readFileSync(outside, 'utf8')).toBe('not a pid\n');
    expect(statSync(outside).mtime.toISOString()).toBe(lastWeek.toISOString());
    expect(existsSync(lockOf(dir))).toBe(succeeded);
  });
});
