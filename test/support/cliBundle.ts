import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths.js';

/**
 * The CLI as one esbuild bundle, built once per test run (vitest globalSetup) and started by
 * every CLI test instead of the sources under tsx: the same code, compiled by the esbuild tsx
 * itself uses, but about 2.5 times faster to start, which is most of what a CLI test costs.
 * Inside the repository, so the packages it leaves outside resolve through its node_modules.
 * MEMLOG_TEST_CLI=tsx runs the sources through tsx instead.
 */
export const CLI_BUNDLE = join(repoRoot, '.memlog-test', 'cli.mjs');

/**
 * The preloads a CLI child can be started with (runCli's `failFs` and `killAt`), bundled beside
 * the CLI for the same reason: a child that needs no TypeScript loader starts about a second sooner.
 */
export type Preload = 'failFs' | 'killAtFs';
const PRELOADS: readonly Preload[] = ['failFs', 'killAtFs'];

interface Esbuild {
  buildSync(options: Record<string, unknown>): unknown;
}

export function buildCliBundle(): void {
  // The esbuild tsx itself compiles with, found through tsx (vitest's globalSetup has no import.meta.resolve).
  const fromRepo = createRequire(join(repoRoot, 'package.json'));
  const esbuild = createRequire(fromRepo.resolve('tsx'))('esbuild') as Esbuild;
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(repoRoot, 'tsconfig.json'),
    logLevel: 'error',
  };
  esbuild.buildSync({ ...common, entryPoints: [join(repoRoot, 'test', 'support', 'cliEntry.ts')], outfile: CLI_BUNDLE });
  esbuild.buildSync({
    ...common,
    entryPoints: PRELOADS.map((name) => join(repoRoot, 'test', 'support', `${name}.ts`)),
    outdir: dirname(CLI_BUNDLE),
    outExtension: { '.js': '.mjs' },
  });
}

/** Set by the globalSetup once this run's bundle is built: without it (a test run some other way), the sources run through tsx. */
const BUILT_ENV = 'MEMLOG_TEST_CLI_BUNDLE_BUILT';

/** vitest globalSetup (int project): a fresh bundle for this run, so a test never starts a stale CLI. */
export default function setup(): void {
  if (process.env.MEMLOG_TEST_CLI === 'tsx') return;
  buildCliBundle();
  process.env[BUILT_ENV] = '1';
}

/** The node arguments that start memlog's CLI: this run's bundle, or the sources through tsx. */
export function cliArgs(): string[] {
  return process.env[BUILT_ENV] === '1'
    ? [CLI_BUNDLE]
    : ['--import', import.meta.resolve('tsx'), join(repoRoot, 'test', 'support', 'cliEntry.ts')];
}

/** The node arguments that load these preloads into a CLI child: this run's bundles, or the sources through tsx. */
export function preloadArgs(preloads: readonly Preload[]): string[] {
  if (preloads.length === 0) return [];
  if (process.env[BUILT_ENV] === '1') return preloads.flatMap((name) => ['--import', join(dirname(CLI_BUNDLE), `${name}.mjs`)]);
  return [
    '--import',
    import.meta.resolve('tsx'),
    ...preloads.flatMap((name) => ['--import', join(repoRoot, 'test', 'support', `${name}.ts`)]),
  ];
}
