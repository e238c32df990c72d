import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEffectLog } from '../../src/index.js';
import { leftovers } from '../support/dirSnapshot.js';
import type { KillPoint } from '../support/killAtFs.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/*
 * memlog compact killed with SIGKILL between the steps of its append (its `compaction_started`
 * record, the append to the transcript, its `compacted` record), then run again: the transcript
 * gets the compaction once and the log records it once, as after an uninterrupted run.
 */

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

/** The session alone in a folder, laid anew (the compaction names the transcript's path, so runs to compare share it). */
function session(dir: string): { transcript: string; log: string } {
  rmSync(dir, { recursive: true, force: true });
  const transcript = join(dir, `${SESSION}.jsonl`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), transcript);
  return { transcript, log: join(dir, `${SESSION}.memlog.jsonl`) };
}

const args = (transcript: string) => ['compact', transcript, '--strategy', 'summary', '--model', 'offline', '--context-window', '40000'];
/** The compaction's entries carry the moment they were written: the only bytes two runs may differ by. */
const timeless = (text: string): string => text.replace(/"timestamp":"[^"]+"/g, '"timestamp":"-"');

const POINTS: ReadonlyArray<{ readonly name: string; readonly at: KillPoint; readonly appended: boolean }> = [
  {
    name: 'just after its begun record, before the append',
    at: { op: 'write', match: '"compaction_started"', when: 'after' },
    appended: false,
  },
  { name: 'after the append, just before its record', at: { op: 'write', match: '"type":"compacted"', when: 'before' }, appended: true },
];

describe('memlog compact killed with SIGKILL between its append and its record, then run again', () => {
  it.each(POINTS)('$name', ({ at, appended }) => {
    const dir = join(tempDir(), 'session');
    const reference = session(dir);
    expect(runCli(args(reference.transcript)).status).toBe(0);
    const expected = { transcript: readFileSync(reference.transcript, 'utf8'), compacted: readEffectLog(reference.log).records };
    const { transcript, log } = session(dir);
    const original = readFileSync(transcript, 'utf8');
    const killed = runCli(args(transcript), { killAt: at });
    expect(killed.signal).toBe('SIGKILL');
    const left = readFileSync(transcript, 'utf8');
    expect(left === original).toBe(!appended);
    const rerun = runCli(args(transcript));
    expect(rerun.stderr).toBe('');
    expect(rerun.status).toBe(0);
    // Finished, not made again: the append the killed run left is the one the log records.
    if (appended) expect(readFileSync(transcript, 'utf8')).toBe(left);
    expect(timeless(readFileSync(transcript, 'utf8'))).toBe(timeless(expected.transcript));
    const compacted = readEffectLog(log).records.filter((r) => r.type === 'compacted');
    expect(compacted).toEqual(expected.compacted.filter((r) => r.type === 'compacted'));
    expect(readFileSync(transcript, 'utf8')).toContain(`"uuid":"${compacted[0]?.outcome.boundaryUuid ?? 'none'}"`);
    // A third run has nothing to do.
    expect(runCli(args(transcript)).stdout).toMatch(/nothing to do/);
    expect(leftovers(dir)).toEqual([]);
  });
});
