import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { demoProjects } from '../support/paths.js';
import { runCli, type CliResult } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

// A regression that opens the pipe blocks on it: each run is killed after a while and fails on its null status.
const TIMEOUT_MS = 45_000;
const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';

interface Unreadable {
  readonly path: string;
  readonly reason: string;
}

/** A projects folder with one session and, beside it, what no walk can read: a pipe, a folder named like a transcript, a link loop and a link to nothing. */
function tree(withUnreadable: boolean): { root: string; unreadable: Unreadable[] } {
  const root = join(tempDir(), 'projects');
  const project = join(root, '-home-dev-notes-cli');
  mkdirSync(project, { recursive: true });
  copyFileSync(join(demoProjects, '-home-dev-notes-cli', `${SESSION}.jsonl`), join(project, `${SESSION}.jsonl`));
  if (!withUnreadable) return { root, unreadable: [] };
  mkdirSync(join(project, 'folder.jsonl'));
  execFileSync('mkfifo', [join(project, 'pipe.jsonl')]);
  symlinkSync(join(project, 'nowhere.jsonl'), join(project, 'gone.jsonl'));
  symlinkSync(join(project, 'loopB.jsonl'), join(project, 'loopA.jsonl'));
  symlinkSync(join(project, 'loopA.jsonl'), join(project, 'loopB.jsonl'));
  const unreadable = [
    { path: join(project, 'folder.jsonl'), reason: 'a folder, not a transcript file' },
    { path: join(project, 'gone.jsonl'), reason: 'a link that points to nothing' },
    { path: join(project, 'loopA.jsonl'), reason: 'a link loop' },
    { path: join(project, 'loopB.jsonl'), reason: 'a link loop' },
    { path: join(project, 'pipe.jsonl'), reason: 'not a regular file (a named pipe (FIFO))' },
  ];
  return { root, unreadable };
}

/** One JSON output: the command over the root, and how its `unreadable` items are read from its stdout. */
interface JsonOutput {
  readonly name: string;
  readonly args: (root: string) => string[];
  readonly unreadable: (stdout: string) => unknown;
  /** Each is also a `memlog: skipped` line on stderr; inspect names them in its rows instead (decision 111). */
  readonly onStderr: boolean;
}

const field = (stdout: string): unknown => (JSON.parse(stdout) as { unreadable: unknown }).unreadable;
/** inspect and audit --json write a line per path: the items are the `path` and `reason` of the lines of paths their walk could not read. */
const lineItems = (stdout: string): unknown =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => 'reason' in line)
    .map(({ path, reason }) => ({ path, reason }));

const OUTPUTS: readonly JsonOutput[] = [
  { name: 'report --json', args: (root) => ['report', root, '--json'], unreadable: field, onStderr: true },
  {
    name: 'report --usage --json',
    args: (root) => ['report', root, '--usage', '--json', '--no-catalog'],
    unreadable: field,
    onStderr: true,
  },
  {
    name: 'search --json',
    args: (root) => ['search', 'notes', root, '--json', '--index', join(tempDir(), 'i.db')],
    unreadable: field,
    onStderr: true,
  },
  {
    name: 'extract --dry-run --json',
    args: (root) => ['extract', root, '--out', tempDir(), '--dry-run', '--json'],
    unreadable: field,
    onStderr: true,
  },
  {
    name: 'extract --per-turn --dry-run --json',
    args: (root) => ['extract', root, '--out', tempDir(), '--per-turn', '--dry-run', '--json'],
    unreadable: field,
    onStderr: true,
  },
  {
    name: 'extract --json',
    args: (root) => ['extract', root, '--out', tempDir(), '--model', 'offline', '--json'],
    unreadable: field,
    onStderr: true,
  },
  { name: 'inspect --json', args: (root) => ['inspect', root, '--json', '--no-catalog'], unreadable: lineItems, onStderr: false },
  { name: 'audit --json', args: (root) => ['audit', root, '--json'], unreadable: lineItems, onStderr: true },
];

const run = (args: readonly string[], cwd?: string): CliResult =>
  runCli(args, { timeoutMs: TIMEOUT_MS, env: { ANTHROPIC_API_KEY: '' }, ...(cwd === undefined ? {} : { cwd }) });

// Decision 115: every JSON output names what its walk could not read in one field of one shape, `unreadable: [{path, reason}]`.
describe('every JSON output lists the paths its walk could not read the same way', { timeout: 4 * TIMEOUT_MS }, () => {
  it.each(OUTPUTS)('$name: each path with why, in path order, and exit status 1', ({ args, unreadable, onStderr }) => {
    const messy = tree(true);
    const result = run(args(messy.root));
    expect(result.status, result.stderr).toBe(1);
    expect(unreadable(result.stdout)).toEqual(messy.unreadable);
    // stderr names each as before.
    const named = messy.unreadable.map(({ path, reason }) => `memlog: skipped ${path}: ${reason}`);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '))).toEqual(onStderr ? named : []);
  });

  it.each(OUTPUTS)('$name: the same shape over a tree read whole, the list empty', ({ args, unreadable }) => {
    const clean = tree(false);
    const result = run(args(clean.root));
    expect(result.status, result.stderr).toBe(0);
    expect(unreadable(result.stdout)).toEqual([]);
  });

  it.each(OUTPUTS)('$name: a folder given relative names each path below it, as given', ({ args, unreadable, onStderr }) => {
    const messy = tree(true);
    const cwd = dirname(messy.root);
    const given = messy.unreadable.map(({ path, reason }) => ({ path: relative(cwd, path), reason }));
    const result = run(args('projects'), cwd);
    expect(result.status, result.stderr).toBe(1);
    expect(unreadable(result.stdout)).toEqual(given);
    // stderr names each below the working folder: `./…` from extract and report (decision 111), as given from the others.
    const named = result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '));
    expect(named.map((line) => line.replace('memlog: skipped ./', 'memlog: skipped '))).toEqual(
      onStderr ? given.map(({ path, reason }) => `memlog: skipped ${path}: ${reason}`) : [],
    );
  });

  it('search names its matches below the folder as given too', () => {
    const messy = tree(true);
    const cwd = dirname(messy.root);
    const result = run(['search', 'notes', 'projects', '--json', '--index', join(tempDir(), 'i.db')], cwd);
    const answer = JSON.parse(result.stdout) as { hits: { path: string }[] };
    expect(answer.hits.length).toBeGreaterThan(0);
    for (const hit of answer.hits) expect(hit.path).toBe(join('projects', '-home-dev-notes-cli', `${SESSION}.jsonl`));
  });

  it('search keeps index.skipped for sessions it could not index: the paths the walk could not read are not there', () => {
    const messy = tree(true);
    const result = run(['search', 'notes', messy.root, '--json', '--index', join(tempDir(), 'i.db')]);
    const answer = JSON.parse(result.stdout) as { index: { skipped: unknown[] }; hits: unknown[] };
    expect(answer.index.skipped).toEqual([]);
    expect(answer.hits.length).toBeGreaterThan(0);
  });

  it('report --json is one object over any tree, its rows the sessions', () => {
    const [messy, clean] = [tree(true), tree(false)];
    const rows = (root: string): unknown => (JSON.parse(run(['report', root, '--json']).stdout) as { rows: { session: string }[] }).rows;
    expect(rows(messy.root)).toEqual(rows(clean.root));
  });

  it('MCP search_sessions lists them as unreadable, apart from the sessions it skipped', async () => {
    const messy = tree(true);
    const client = await connectMemlogMcp([messy.root, '--index', join(tempDir(), 'i.db')]);
    try {
      const answer = await callTool(client, 'search_sessions', { query: 'notes' });
      expect(answer.isError).toBe(false);
      const parsed = JSON.parse(answer.text) as { hits: unknown[]; skipped?: unknown; unreadable: unknown };
      expect(parsed.unreadable).toEqual(messy.unreadable);
      expect(parsed.skipped).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('roots that overlap name each path their walks could not read once', { timeout: 4 * TIMEOUT_MS }, () => {
  it('search over a folder and a folder inside it: each path once in --json and once on stderr', () => {
    const messy = tree(true);
    const project = join(messy.root, '-home-dev-notes-cli');
    const result = run(['search', 'notes', messy.root, project, '--json', '--index', join(tempDir(), 'i.db')]);
    expect(result.status, result.stderr).toBe(1);
    expect(field(result.stdout)).toEqual(messy.unreadable);
    const named = messy.unreadable.map(({ path, reason }) => `memlog: skipped ${path}: ${reason}`);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '))).toEqual(named);
    expect(result.stderr).toContain(`memlog: ${messy.unreadable.length} transcript(s) skipped\n`);
  });

  it('MCP search_sessions over a folder and a folder inside it lists each once', async () => {
    const messy = tree(true);
    const project = join(messy.root, '-home-dev-notes-cli');
    const client = await connectMemlogMcp([messy.root, project, '--index', join(tempDir(), 'i.db')]);
    try {
      const answer = await callTool(client, 'search_sessions', { query: 'notes' });
      expect(answer.isError).toBe(false);
      expect((JSON.parse(answer.text) as { unreadable: unknown }).unreadable).toEqual(messy.unreadable);
    } finally {
      await client.close();
    }
  });
});
