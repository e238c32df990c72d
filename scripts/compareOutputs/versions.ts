import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One side of the comparison: a tree of memlog's sources and how to run its CLI. */
export interface Version {
  readonly name: 'base' | 'head';
  /** The ref as given, and what it resolved to (`working tree` for `.`). */
  readonly ref: string;
  readonly commit: string;
  readonly root: string;
  /** The module node starts: the entry (tsx) or its bundle. */
  readonly entry: string;
  /** Node's arguments before memlog's own. */
  readonly node: readonly string[];
}

/** `tsx`: each module transformed as it loads (the default). `bundle`: one esbuild bundle per version, about 2.5 times faster to start. */
export type Runner = 'tsx' | 'bundle';

/** Thrown for a ref that does not name a commit: a usage error, exit status 2. */
export class UnknownRefError extends Error {}

interface Esbuild {
  buildSync(options: Record<string, unknown>): unknown;
}

/**
 * Lays out a version: `.` is the repository's working tree as it is; any other ref is checked
 * out with `git worktree add --detach` under `tmp`, with the repository's node_modules linked
 * in, and `cleanups` gets the step that removes it. The entry module imports that tree's
 * `src/cli/main.ts` and awaits `main()`, as bin/memlog.js does with the build; it depends on
 * nothing else in the tree, so test helpers may move.
 */
export function layOutVersion(
  name: Version['name'],
  ref: string,
  repo: string,
  tmp: string,
  runner: Runner,
  cleanups: (() => void)[],
): Version {
  let root = repo;
  let commit = 'working tree';
  if (ref !== '.') {
    const resolved = git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    if (resolved.status !== 0) throw new UnknownRefError(`not a commit: ${ref}`);
    commit = resolved.stdout.trim();
    root = join(tmp, name);
    const added = git(repo, ['worktree', 'add', '--detach', '--quiet', root, commit]);
    if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr.trim()}`);
    cleanups.push(() => {
      git(repo, ['worktree', 'remove', '--force', root]);
      git(repo, ['worktree', 'prune']);
    });
    symlinkSync(realpathSync(join(repo, 'node_modules')), join(root, 'node_modules'), 'dir');
  }
  const tsx = import.meta.resolve('tsx');
  if (runner === 'tsx') {
    const entry = join(tmp, `entry-${name}.mjs`);
    writeFileSync(entry, entrySource(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href));
    return checked({ name, ref, commit, root, entry, node: ['--import', tsx, entry] });
  }

  // Packages stay outside the bundle and resolve through tmp/node_modules, the repository's, as in tsx mode.
  if (!existsSync(join(tmp, 'node_modules'))) symlinkSync(realpathSync(join(repo, 'node_modules')), join(tmp, 'node_modules'), 'dir');
  const bundle = join(tmp, `bundle-${name}.mjs`);
  // The esbuild that tsx itself transforms with, so both runners compile the sources alike.
  const esbuild = createRequire(tsx)('esbuild') as Esbuild;
  // The entry as stdin: esbuild leaves file: URL imports unresolved.
  const stdin = { contents: entrySource('./src/cli/main.ts'), resolveDir: root, sourcefile: `entry-${name}.mjs`, loader: 'ts' };
  esbuild.buildSync({
    stdin,
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'error',
  });
  return checked({ name, ref, commit, root, entry: bundle, node: [bundle] });
}

/** A version whose CLI does not start would fail every invocation alike and look identical to the other. */
function checked(version: Version): Version {
  const run = spawnSync(process.execPath, [...version.node, '--version'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the ${version.name} version's CLI does not start (${version.ref}):\n${run.stderr}`);
  return version;
}

function entrySource(main: string): string {
  return `import { main } from ${JSON.stringify(main)};\n\nawait main();\n`;
}

function git(cwd: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
