import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistantEntry, userEntry } from '../../src/testing/index.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { SECRET_SHAPES } from '../secrets/secretShapes.js';

describe('memlog redact', () => {
  it('writes a copy with each secret replaced by a marker naming its rule, every line JSON, the transcript untouched', () => {
    const dir = tempDir();
    const jwt = fc.sample(SECRET_SHAPES.JWT, 1)[0] ?? '';
    const lines = [
      JSON.stringify(userEntry('u1', 'we use pnpm here')),
      JSON.stringify(userEntry('u2', `the staging token is ${jwt} for now`)),
      JSON.stringify(assistantEntry('a1', 'm1', { type: 'text', text: 'Noted.' })),
    ];
    const transcript = join(dir, 'session.jsonl');
    const original = `${lines.join('\n')}\n`;
    writeFileSync(transcript, original);
    const out = join(dir, 'redacted.jsonl');
    const result = runCli(['redact', transcript, '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    const rule = /: 1 secret\(s\) redacted in 1 of 3 line\(s\)\n {2}(\S+) {2}1\n$/.exec(result.stdout)?.[1];
    expect(rule, result.stdout).toBeDefined();
    expect(result.stdout).not.toContain(jwt);
    const redacted = readFileSync(out, 'utf8').split('\n');
    expect(redacted.at(-1)).toBe('');
    expect(redacted[0]).toBe(lines[0]);
    expect(redacted[2]).toBe(lines[2]);
    const second = JSON.parse(redacted[1] ?? '') as { message: { content: string } };
    expect(second.message.content).toBe(`the staging token is [REDACTED:${rule ?? ''}] for now`);
    expect(readFileSync(transcript, 'utf8')).toBe(original);
  }, 60_000);

  it('refuses to write over the transcript itself, and wants --out (exit 2)', () => {
    const transcript = join(tempDir(), 'session.jsonl');
    writeFileSync(transcript, '{}\n');
    const same = runCli(['redact', transcript, '--out', transcript]);
    expect(same.status).toBe(2);
    expect(same.stderr).toMatch(/is the transcript itself: redaction writes a copy/);
    expect(runCli(['redact', transcript]).status).toBe(2);
  }, 60_000);
});
