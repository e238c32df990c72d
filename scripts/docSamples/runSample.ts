import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs the commands of one page in order in one workspace: a temp folder holding a copy of the
 * repository's fixtures/, with its own HOME, no API key and no colour, so a page's samples are
 * what a newcomer gets after `npm ci` on a clean clone, and later samples see what earlier ones
 * wrote (`memlog extract`, then `memlog memory list`).
 */
export interface Workspace {
  readonly dir: string;
  run(line: string): string;
  remove(): void;
}

/** How to start the CLI: the node arguments before memlog's own (a bundle, or tsx over the sources). */
export type CliStart = readonly string[];

export function openWorkspace(repoRoot: string, cli: CliStart): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'memlog-samples-'));
  cpSync(join(repoRoot, 'fixtures'), join(dir, 'fixtures'), { recursive: true });
  mkdirSync(join(dir, 'home'));
  return {
    dir,
    run: (line) => runLine(dir, cli, line),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `memlog <args>` with an optional trailing `2>&1`: stderr then goes where stdout goes, interleaved as on a terminal. */
function runLine(dir: string, cli: CliStart, line: string): string {
  const merged = line.endsWith(' 2>&1');
  const words = splitWords(merged ? line.slice(0, -' 2>&1'.length) : line);
  if (words[0] !== 'memlog') throw new Error(`a console sample runs memlog only: ${line}`);
  const outFile = join(dir, '.sample-output');
  const out = openSync(outFile, 'w');
  try {
    spawnSync(process.execPath, [...cli, ...words.slice(1)], {
      cwd: dir,
      stdio: ['ignore', out, merged ? out : 'ignore'],
      env: sampleEnv(dir),
      timeout: 120_000,
    });
  } finally {
    closeSync(out);
  }
  return readFileSync(outFile, 'utf8').replaceAll(dir, '.');
}

function sampleEnv(dir: string): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !/^(ANTHROPIC_|MEMLOG_|CLAUDE_|FORCE_COLOR)/.test(name));
  return { ...Object.fromEntries(kept), HOME: join(dir, 'home'), NO_COLOR: '1', TZ: 'UTC' };
}

/** Words split on spaces, with '…' or "…" keeping spaces inside a word. */
export function splitWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}
