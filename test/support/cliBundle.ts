import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { repoRoot } from './paths.js';

/**
 * The CLI and the other scripts tests start as child processes, bundled by esbuild once per test
 * run (vitest globalSetup) and started instead of the sources under tsx: the same code, compiled
 * by the esbuild tsx itself uses. The npm packages are bundled in too, since a child that resolves
 * and loads them one file at a time spends most of its start doing so (`node cli.mjs --version`:
 * 0.37 s with them outside, 0.16 s inside). The bundles are split at the CLI's dynamic imports, as
 * the built package loads a command's modules only when it runs: one 6.5 MB file took 0.5 s of
 * every child's start to decode and compile (`--version`: 0.69 s whole, 0.22 s split, on a loaded
 * 2-core machine). Inside the repository, so the packages left outside resolve through its
 * node_modules. MEMLOG_TEST_CLI=tsx runs the sources through tsx instead.
 */
const BUNDLE_DIR = join(repoRoot, '.memlog-test');
export const CLI_BUNDLE = join(BUNDLE_DIR, 'cli.mjs');

/**
 * Packages left outside the bundles: PGlite loads its WebAssembly and data files from its own
 * location, pg names an optional native binding (pg-native) a bundler would try to resolve, and
 * libsql loads its prebuilt native library by platform. Every other package the children load
 * reads no file beside itself.
 */
const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'pg', 'libsql'];

/** The scripts in test/support that tests start as child processes (besides the CLI, cliEntry.ts). */
export type ChildScript = 'cliAtBarrier' | 'lockChild' | 'liveNotesChild' | 'appendChild' | 'slowAppender';
const CHILD_SCRIPTS: readonly ChildScript[] = ['cliAtBarrier', 'lockChild', 'liveNotesChild', 'appendChild', 'slowAppender'];

/** The preloads a CLI child can be started with (runCli's `failFs` and `killAt`). */
export type Preload = 'failFs' | 'killAtFs';
const PRELOADS: readonly Preload[] = ['failFs', 'killAtFs'];

interface Esbuild {
  buildSync(options: Record<string, unknown>): { metafile: { outputs: Record<string, unknown> } };
}

const source = (name: string): string => join(repoRoot, 'test', 'support', `${name}.ts`);
const bundle = (name: string): string => join(BUNDLE_DIR, `${name}.mjs`);

export function buildCliBundle(): void {
  // The esbuild tsx itself compiles with, found through tsx (vitest's globalSetup has no import.meta.resolve).
  const fromRepo = createRequire(join(repoRoot, 'package.json'));
  const esbuild = createRequire(fromRepo.resolve('tsx'))('esbuild') as Esbuild;
  // The catalog's scan worker beside the CLI, as in dist/: parallelFold.ts starts it from there (decision 87).
  const entryPoints: Record<string, string> = { cli: source('cliEntry'), scanWorker: join(repoRoot, 'src', 'catalog', 'scanWorker.ts') };
  for (const name of [...CHILD_SCRIPTS, ...PRELOADS]) entryPoints[name] = source(name);
  const built = esbuild.buildSync({
    entryPoints,
    outdir: BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Chunks beside the entries: a module finds its worker beside itself (scanWorkerBeside, decision 87).
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require(), which an ES module lacks.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    // One scope for all packages renames clashing classes; error names must stay as they are.
    keepNames: true,
    tsconfig: join(repoRoot, 'tsconfig.json'),
    logLevel: 'error',
    metafile: true,
  });
  removeStaleChunks(Object.keys(built.metafile.outputs));
}

/** Chunks are named by their content's hash: the ones an earlier build wrote and this one did not are removed. */
function removeStaleChunks(outputs: readonly string[]): void {
  const current = new Set(outputs.map((output) => basename(output)));
  for (const name of readdirSync(BUNDLE_DIR)) {
    if (name.endsWith('.mjs') && !current.has(name)) rmSync(join(BUNDLE_DIR, name), { force: true });
  }
}

/** Set by the globalSetup once this run's bundle is built: without it (a test run some other way), the sources run through tsx. */
const BUILT_ENV = 'MEMLOG_TEST_CLI_BUNDLE_BUILT';

/** vitest globalSetup (int project): a fresh bundle for this run, so a test never starts a stale CLI. */
export default function setup(): void {
  if (process.env.MEMLOG_TEST_CLI === 'tsx') return;
  buildCliBundle();
  process.env[BUILT_ENV] = '1';
}

const built = (): boolean => process.env[BUILT_ENV] === '1';

/** The node arguments that start memlog's CLI: this run's bundle, or the sources through tsx. */
export function cliArgs(): string[] {
  return built() ? [CLI_BUNDLE] : ['--import', import.meta.resolve('tsx'), source('cliEntry')];
}

/** The node arguments that start one of the child scripts: this run's bundle, or the source through tsx. */
export function childScriptArgs(script: ChildScript): string[] {
  return built() ? [bundle(script)] : ['--import', import.meta.resolve('tsx'), source(script)];
}

/** The node arguments that load these preloads into a CLI child: this run's bundles, or the sources through tsx. */
export function preloadArgs(preloads: readonly Preload[]): string[] {
  if (preloads.length === 0) return [];
  if (built()) return preloads.flatMap((name) => ['--import', bundle(name)]);
  return ['--import', import.meta.resolve('tsx'), ...preloads.flatMap((name) => ['--import', source(name)])];
}
