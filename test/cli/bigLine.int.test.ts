import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

const PROJECT = '-home-dev-acme-shop';
const SESSION = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';
/** README's line limit: 8 MiB. */
const LIMIT = 8 * 1024 * 1024;

interface BigLine {
  readonly root: string;
  readonly file: string;
  /** The big line's 1-based number and byte offset. */
  readonly line: number;
  readonly offset: number;
}

/** The demo session with one tool result, past its middle, grown to a valid line of exactly `bytes` bytes. */
function sessionWithBigLine(bytes: number): BigLine {
  const root = join(tempDir(), 'projects');
  mkdirSync(join(root, PROJECT), { recursive: true });
  const file = join(root, PROJECT, `${SESSION}.jsonl`);
  const lines = readFileSync(join(demoProjects, PROJECT, `${SESSION}.jsonl`), 'utf8').split('\n');
  const at = lines.findIndex((line, i) => i > lines.length / 2 && line.includes('"tool_result"'));
  const entry = JSON.parse(lines[at]!) as { message: { content: Array<{ content: unknown }> }; toolUseResult?: unknown };
  entry.message.content = [{ ...entry.message.content[0]!, content: '' }];
  delete entry.toolUseResult;
  const empty = JSON.stringify(entry);
  lines[at] = empty.replace('"content":""', `"content":"${'x'.repeat(bytes - Buffer.byteLength(empty))}"`);
  writeFileSync(file, lines.join('\n'));
  return { root, file, line: at + 1, offset: Buffer.byteLength(lines.slice(0, at).join('\n')) + 1 };
}

// Each command runs over a real file, a byte over the limit and exactly at it: ~8 MB each on disk.
describe('a transcript line over the line limit', () => {
  let over: BigLine;
  // Temp folders go after each test.
  beforeEach(() => {
    over = sessionWithBigLine(LIMIT + 1);
  });

  it('inspect reports it as line_too_long with its line, offset and length, and exits 0', () => {
    const result = runCli(['inspect', over.file, '--json'], { timeoutMs: 120_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as {
      lines: number;
      diagnostics: Array<{ code: string; line: number; offset: number; message: string }>;
    };
    expect(report.diagnostics).toEqual([
      {
        code: 'line_too_long',
        line: over.line,
        offset: over.offset,
        message: `line of ${LIMIT + 1} bytes is over the line limit; skipped, its first 1024 bytes kept`,
      },
    ]);
    expect(readFileSync(over.file).length).toBeGreaterThan(LIMIT);
  });

  it('replay and compact --dry-run complete and say a line was not read', () => {
    const replay = runCli(['replay', over.file], { timeoutMs: 120_000 });
    expect(replay.status).toBe(0);
    expect(replay.stderr).toContain(`memlog: 1 line(s) of ${over.file} are not entries and were skipped`);
    expect(replay.stdout).toMatch(/\d+ turns, /);
    const compact = runCli(['compact', over.file, '--dry-run', '--model', 'offline'], { timeoutMs: 120_000 });
    expect(compact.status).toBe(0);
    expect(compact.stderr).toContain(`memlog: 1 line(s) of ${over.file} were not read`);
  });

  it('report counts it as an unreadable line', () => {
    const report = runCli(['report', over.root, '--json'], { cwd: tempDir(), timeoutMs: 120_000 });
    expect(report.status).toBe(0);
    expect(reportRows(report.stdout)).toEqual([expect.objectContaining({ session: SESSION, diagnostics: 1, error: null })]);
  });

  it('extract, two-phase and per turn, completes and says the line was not read', () => {
    const extract = runCli(['extract', over.root, '--model', 'offline', '--out', join(tempDir(), 'out'), '--json'], { timeoutMs: 120_000 });
    expect(extract.stderr).not.toMatch(/^ {4}at /m);
    expect(extract.status).toBe(0);
    expect(JSON.parse(extract.stdout)).toMatchObject({
      processed: 1,
      failedSessions: 0,
      sessions: [{ session: over.file, unreadLines: 1 }],
    });
    const unread = `    ${over.file}: 1 line(s) not read (memlog inspect lists them)`;
    const text = runCli(['extract', over.root, '--model', 'offline', '--out', join(tempDir(), 'out2')], { timeoutMs: 120_000 });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`  1 session(s) with lines that are not entries, left out:\n${unread}\n`);
    const perTurn = runCli(['extract', over.root, '--per-turn', '--model', 'offline', '--out', join(tempDir(), 'out3')], {
      timeoutMs: 120_000,
    });
    expect(perTurn.status).toBe(0);
    expect(perTurn.stdout).toContain(`  1 session(s) with lines that are not entries, left out:\n${unread}\n`);
  });

  it('a line exactly at the limit is read whole', () => {
    const at = sessionWithBigLine(LIMIT);
    const result = runCli(['inspect', at.file, '--json'], { timeoutMs: 120_000 });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ diagnostics: [] });
  });
});
