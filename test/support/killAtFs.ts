/**
 * Preloaded into a CLI child (`runCli(args, { killAt })`): the child kills itself with SIGKILL
 * at one chosen file-system call, just before it or just after it has done its work. A crash
 * test can then stop a command exactly between two steps (after its commit record, between two
 * renames), with no sleeping and no race: what a power cut or `kill -9` at that moment leaves.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { KILL_AT_ENV } from './runCli.js';

export interface KillPoint {
  /** A write to a descriptor (appends to a log), a rename (a file moved into place) or a removal. */
  readonly op: 'write' | 'rename' | 'rm';
  /** Which calls count: a write whose bytes contain this text, a rename or removal whose target path contains it. */
  readonly match: string;
  /** Calls that also contain this do not count (`/memory/` but not its `.consolidate-lock`). */
  readonly except?: string;
  /** The nth matching call dies (1-based; default 1). */
  readonly nth?: number;
  readonly when: 'before' | 'after';
}

const point = JSON.parse(process.env[KILL_AT_ENV] ?? 'null') as KillPoint | null;
let seen = 0;

const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL cannot be caught');
};

/** Whether this call is the one to die at. */
function chosen(op: KillPoint['op'], subject: unknown): boolean {
  if (point === null || point.op !== op) return false;
  const text = typeof subject === 'string' ? subject : Buffer.isBuffer(subject) ? subject.toString('utf8') : String(subject);
  if (!text.includes(point.match) || (point.except !== undefined && text.includes(point.except))) return false;
  seen++;
  return seen === (point.nth ?? 1);
}

type AnyFn = (...args: never[]) => unknown;

/** Wraps `holder[name]`; `subjectOf` picks what a call is matched by (its bytes or its target). */
function wrap(holder: Record<string, unknown>, name: string, op: KillPoint['op'], subjectOf: (args: never[]) => unknown): void {
  const original = holder[name] as AnyFn;
  holder[name] = (...args: never[]) => {
    if (!chosen(op, subjectOf(args))) return original(...args);
    if (point?.when === 'before') die();
    const result = original(...args);
    return result instanceof Promise ? result.then(die) : die();
  };
}

if (point !== null) {
  // The modules' CommonJS objects: their ESM namespaces are read-only views of them.
  const require = createRequire(import.meta.url);
  const sync = require('node:fs') as Record<string, unknown>;
  const promises = require('node:fs/promises') as Record<string, unknown>;
  wrap(sync, 'writeSync', 'write', (args) => args[1]);
  wrap(sync, 'renameSync', 'rename', (args) => args[1]);
  wrap(sync, 'rmSync', 'rm', (args) => args[0]);
  wrap(promises, 'rename', 'rename', (args) => args[1]);
  wrap(promises, 'rm', 'rm', (args) => args[0]);
  // Every `import * as fs from 'node:fs'` sees the wrapped functions from here on.
  syncBuiltinESMExports();
}
