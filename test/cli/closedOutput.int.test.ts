import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { cliArgs } from '../support/cliBundle.js';

const transcript = join('fixtures', 'projects', '-home-dev-acme-shop', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');

/** Runs the CLI with its stdout read by something that leaves after the first line (as `| head -1` does). */
function firstLineThenClose(args: readonly string[]): Promise<{ first: string; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgs(), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let first = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      if (first !== '') return;
      first = chunk.toString().split('\n')[0] ?? '';
      child.stdout.destroy();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ first, code, stderr }));
  });
}

describe('output closed early', () => {
  it.each([
    ['replay --json', ['replay', transcript, '--json']],
    ['inspect of a folder', ['inspect', join('fixtures', 'projects'), '--json']],
  ])('%s | head -1: the first line, then a quiet stop, exit 0', async (_name, args) => {
    const result = await firstLineThenClose(args);
    expect(result.first).toMatch(/^\{/);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
