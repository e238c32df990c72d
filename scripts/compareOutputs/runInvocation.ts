import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { StepRun, VersionRun } from './compareRuns.js';
import { WORK, type Invocation } from './invocations.js';
import { normalise, normaliseWrittenFile, sortProgressLines, type Normalisation, type PathStandIn } from './normalise.js';
import type { Version } from './versions.js';

export interface RunSettings {
  readonly timeoutMs: number;
  /** Children still running, for the Ctrl-C handler to stop. */
  readonly children: Set<ChildProcess>;
  /** The PATH the commands get; the host's by default. */
  readonly path?: string;
}

/** Where the commands look for Claude Code: a file that never exists (decision 92). */
export const ABSENT_CLAUDE = 'claude-code-is-not-here';

interface RawStep {
  readonly status: string;
  readonly stdout: Buffer;
  readonly stderr: Buffer;
}

/**
 * Runs one version of an invocation in a fresh `work` folder (the same path for both versions):
 * copies, the steps one after another, then a snapshot of every file in the folder; the folder
 * is removed afterwards. Returns the run normalised (normalise.ts says what that touches).
 */
export async function runInvocation(invocation: Invocation, version: Version, work: string, settings: RunSettings): Promise<VersionRun> {
  rmSync(work, { recursive: true, force: true });
  // Empty folders for the home, Claude config and managed-policy folders, so that nothing of the host's leaks in; a write there shows in the snapshot.
  for (const dir of ['home', 'config', 'managed']) mkdirSync(join(work, dir), { recursive: true });
  for (const { from, to } of invocation.copies) cpSync(from, to.replace(WORK, work), { recursive: true, preserveTimestamps: true });
  const start = Date.now();
  const raw: RawStep[] = [];
  for (const args of invocation.steps)
    raw.push(
      await runStep(
        args.map((arg) => arg.replace(WORK, work)),
        version,
        work,
        settings,
      ),
    );
  const normalisation: Normalisation = { clock: { start, end: Date.now() }, paths: standIns(version) };
  const steps: StepRun[] = raw.map((step) => {
    const stderr = normalise(step.stderr, normalisation);
    return {
      status: step.status,
      stdout: normalise(step.stdout, normalisation),
      stderr: invocation.progressLines ? sortProgressLines(stderr) : stderr,
    };
  });
  const files = new Map<string, string>();
  for (const entry of readdirSync(work, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(work, path);
    // The session catalog and the search index are caches of what the commands read (decisions 81 and 72), not something they output.
    if (/^home\/\.memlog\/(catalog|index)\.db/.test(name)) continue;
    files.set(name, normaliseWrittenFile(name, normalise(readFileSync(path), normalisation)));
  }
  rmSync(work, { recursive: true, force: true });
  return { steps, files };
}

/** The version's own files as a stack trace or a module URL names them; its fixtures are the repository's and are not touched. */
function standIns(version: Version): PathStandIn[] {
  return [
    { path: version.entry, standIn: '<entry>' },
    { path: join(version.root, 'src') + '/', standIn: '<version>/src/' },
  ];
}

/**
 * Only what a run needs, the same for both versions: no API key, no colour, a fixed zone, the
 * version's own tsconfig for tsx, and no Claude Code. `--model auto` asks `claude auth status`
 * whether the person is logged in; Claude Code then writes a first-start config with a random
 * machineID into the run's config folder (and, logged in through a keychain, would make auto
 * call a real model), so the probe is pointed at a file that does not exist and auto is the
 * offline model on every machine (decision 92).
 */
export function childEnvironment(work: string, version: Pick<Version, 'root'>, path: string): Record<string, string> {
  return {
    PATH: path,
    HOME: join(work, 'home'),
    CLAUDE_CONFIG_DIR: join(work, 'config'),
    MEMLOG_CLAUDE_BIN: join(work, ABSENT_CLAUDE),
    ANTHROPIC_API_KEY: '',
    NO_COLOR: '1',
    TZ: 'UTC',
    TSX_TSCONFIG_PATH: join(version.root, 'tsconfig.json'),
  };
}

function runStep(args: readonly string[], version: Version, work: string, settings: RunSettings): Promise<RawStep> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...version.node, ...args], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnvironment(work, version, settings.path ?? process.env['PATH'] ?? ''),
    });
    settings.children.add(child);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, settings.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      settings.children.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      settings.children.delete(child);
      const status = timedOut ? `timed out after ${settings.timeoutMs / 1000} s` : signal !== null ? `signal ${signal}` : `exit ${code}`;
      resolve({ status, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) });
    });
  });
}
