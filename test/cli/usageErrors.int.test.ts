import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

/** A project folder with one transcript: every invocation below would run, were its options accepted. */
function project(): { dir: string; file: string } {
  const dir = join(tempDir(), 'project');
  mkdirSync(dir);
  const file = join(dir, `${SESSION}.jsonl`);
  copyFileSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), file);
  return { dir, file };
}

/** `F` stands for the transcript, `D` for its project folder. */
const bad: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['no command', []],
  ['an unknown command', ['frobnicate']],
  ['an unknown option', ['--bogus']],
  ['inspect without a path', ['inspect']],
  ['inspect with an unknown option', ['inspect', 'F', '--bogus']],
  ['replay without a transcript', ['replay']],
  ['replay with two transcripts', ['replay', 'F', 'F']],
  ['replay --context-window that is not a number', ['replay', 'F', '--context-window', 'big']],
  ['replay --poll-ms without --follow', ['replay', 'F', '--poll-ms', '100']],
  ['replay --at with --follow', ['replay', 'F', '--follow', '--at', 'x']],
  ['replay --effects FILE with --follow', ['replay', 'F', '--follow', '--effects', 'F']],
  ['replay --html with --json', ['replay', 'F', '--html', 'D/x.html', '--json']],
  ['report --extract-every 0', ['report', 'D', '--extract-every', '0']],
  ['notes --model bogus', ['notes', 'F', '--model', 'bogus']],
  ['notes --record without --cassette', ['notes', 'F', '--model', 'offline', '--record']],
  ['notes --notes-tool-calls -1', ['notes', 'F', '--notes-tool-calls', '-1']],
  ['compact --model bogus', ['compact', 'F', '--model', 'bogus']],
  ['compact --strategy bogus', ['compact', 'F', '--strategy', 'bogus']],
  ['compact --force without --out', ['compact', 'F', '--strategy', 'notes', '--force']],
  ['compact --max-output-tokens 1.5', ['compact', 'F', '--max-output-tokens', '1.5']],
  ['extract --model bogus', ['extract', 'D', '--out', 'D/out', '--model', 'bogus']],
  ['extract --record without --cassette', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--record']],
  ['extract --concurrency 0', ['extract', 'D', '--out', 'D/out', '--concurrency', '0']],
  ['extract --frontmatter yaml', ['extract', 'D', '--out', 'D/out', '--frontmatter', 'yaml']],
  ['extract --out with --into-claude', ['extract', 'D', '--into-claude', '--out', 'D/out', '--dry-run']],
  ['extract --extract-every without --per-turn', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--extract-every', '2']],
  ['extract --chunk-tokens with --per-turn', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--per-turn', '--chunk-tokens', '9']],
  ['extract --per-turn with --two-phase', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--per-turn', '--two-phase']],
  ['extract --chunk-tokens 0', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--chunk-tokens', '0']],
  ['extract --consolidation bogus', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--consolidation', 'bogus']],
  ['extract --consolidation agent --model offline', ['extract', 'D', '--out', 'D/out', '--model', 'offline', '--consolidation', 'agent']],
  ['extract --consolidation agent without a key', ['extract', 'D', '--out', 'D/out', '--consolidation', 'agent']],
  [
    'extract --consolidation agent with --per-turn',
    ['extract', 'D', '--out', 'D/out', '--model', 'anthropic', '--per-turn', '--consolidation', 'agent'],
  ],
  ['memory without a subcommand', ['memory']],
  ['memory why without a name', ['memory', 'why', '--dir', 'D']],
  ['team without a subcommand', ['team']],
  ['team serve without --data', ['team', 'serve', '--token', 't']],
  ['team serve --port 70000', ['team', 'serve', '--data', 'D/team', '--token', 't', '--port', '70000']],
  ['team serve --max-entries -1', ['team', 'serve', '--data', 'D/team', '--token', 't', '--max-entries', '-1']],
  ['context --recall-model bogus', ['context', 'F', '--recall', '--recall-model', 'bogus']],
  ['context --recall-model without --recall', ['context', 'F', '--recall-model', 'offline']],
  ['context --recall with --no-memory', ['context', 'F', '--recall', '--no-memory']],
  ['context --agent-memory team', ['context', 'F', '--agent-memory', 'team']],
  ['context --max-tokens 0', ['context', 'F', '--max-tokens', '0']],
];

describe('usage errors exit with status 2 and change nothing', () => {
  it.each(bad)('%s', (_name, args) => {
    const { dir, file } = project();
    const before = readdirSync(dir).sort();
    const result = runCli(
      args.map((a) => a.replace(/^F$/, file).replace(/^D/, dir)),
      { env: { ANTHROPIC_API_KEY: '' }, timeoutMs: 30_000 },
    );
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    // An error line, or the usage of a command named without its subcommand.
    expect(result.stderr).toMatch(/^(error|memlog): |^Usage: /m);
    // The error stays on screen: its line and a pointer to --help, never the whole help after it.
    if (/^(error|memlog): /.test(result.stderr)) expect(result.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(3);
    expect(result.status).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it.each([[['--help']], [['--version']], [['compact', '--help']], [['team', 'serve', '--help']]])('%j still exits with 0', (args) => {
    const result = runCli(args);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toBe('');
  });
});
