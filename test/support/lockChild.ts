/**
 * A child process for lock races. After the barrier (barrier.ts) it tries `acquireProcessLock`
 * on each lock path in turn, one round per path at a fixed moment (the go plus 300 ms, then every
 * `roundMs`), so that every child tries the same lock at the same moment. It prints one line
 * per round: `<round> won`, `<round> busy <message>` or `<round> error <message>`. Won locks are
 * held until its stdin ends (startTogether's `holdUntil`: when every child has done every
 * round), so a lock can be won only by taking it from the others, never after a release.
 * Usage: startTogether('lockChild', [[<round ms>, <lock path>, …], …], { holdUntil })
 */
import { once } from 'node:events';
import { MemlogError } from '../../src/errors.js';
import { acquireProcessLock } from '../../src/fs/processLock.js';
import { waitAtBarrier } from './barrier.js';
import { atMoment } from './pace.js';

const [roundMs, ...lockPaths] = process.argv.slice(2);
if (roundMs === undefined || lockPaths.length === 0) throw new Error('usage: lockChild <round ms> <lock path>...');
const go = await waitAtBarrier();
const held: Array<() => void> = [];
for (const [round, lockPath] of lockPaths.entries()) {
  await atMoment(go + 300 + round * Number(roundMs));
  try {
    held.push(acquireProcessLock(lockPath, { holder: 'lock child', target: lockPath }));
    process.stdout.write(`${round} won\n`);
  } catch (error) {
    process.stdout.write(error instanceof MemlogError ? `${round} busy ${error.message}\n` : `${round} error ${String(error)}\n`);
  }
}
process.stdin.resume();
await once(process.stdin, 'end');
for (const release of held) release();
