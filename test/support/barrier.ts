import { spawn, type ChildProcess } from 'node:child_process';
import { childScriptArgs, type ChildScript } from './cliBundle.js';
import { repoRoot } from './paths.js';

/*
 * Child processes started at the same moment: each loads its code, says `ready` over IPC and
 * waits; once every one is ready they all get `go` together. Loading the CLI takes a while and
 * varies from process to process, so spawning them one after the other would not do.
 */

/** How a child ended, with everything it printed. */
export interface Finished {
  readonly pid: number;
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Started {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly done: Promise<Finished>;
}

export interface TogetherOptions {
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The children get a stdin, ended once every child's output so far passes this test: a child
   * that waits for the end of its stdin holds on until all have got that far.
   */
  readonly holdUntil?: (stdout: string) => boolean;
}

function start(
  script: ChildScript,
  args: readonly string[],
  options: TogetherOptions,
  onOutput: () => void,
): Started & { readonly stdout: () => string } {
  const child = spawn(process.execPath, [...childScriptArgs(script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, NO_COLOR: '1' },
    stdio: [options.holdUntil === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', 'ipc'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onOutput();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Finished>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) => resolve({ pid: child.pid ?? 0, status, signal, stdout, stderr }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    // A child that dies while loading never says ready: its output says why.
    void done.then((end) => reject(new Error(`a child exited (${end.status ?? end.signal}) before it was ready: ${end.stderr}`)), reject);
  });
  return { child, ready, done, stdout: () => stdout };
}

/** Runs `script` (a script in test/support that calls `waitAtBarrier`) once per argument list, all released at once. */
export async function startTogether(
  script: ChildScript,
  argLists: ReadonlyArray<readonly string[]>,
  options: TogetherOptions = {},
): Promise<Finished[]> {
  const { holdUntil } = options;
  let held = holdUntil !== undefined;
  const letGo = (): void => {
    held = false;
    for (const c of children) c.child.stdin?.end();
  };
  const onOutput = (): void => {
    if (held && holdUntil !== undefined && children.every((c) => holdUntil(c.stdout()))) letGo();
  };
  const children: Array<ReturnType<typeof start>> = [];
  for (const args of argLists) children.push(start(script, args, options, onOutput));
  // A child that ends early (it failed) will never get that far: the others are let go then too.
  for (const c of children)
    void c.done.then(
      () => held && letGo(),
      () => held && letGo(),
    );
  try {
    await Promise.all(children.map((c) => c.ready));
  } catch (error) {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.allSettled(children.map((c) => c.done));
    throw error;
  }
  // The moment of release goes with it: children that pace themselves by the clock share it.
  const go = Date.now();
  for (const c of children) c.child.send(go);
  return Promise.all(children.map((c) => c.done));
}

/**
 * In a child: says ready, waits for the parent's go and lets go of the channel (so it does not
 * keep the process alive). Returns the parent's clock at the go (now, when run by hand).
 */
export async function waitAtBarrier(): Promise<number> {
  if (process.send === undefined) return Date.now(); // run by hand: no barrier
  const go = new Promise<number>((resolve) => process.once('message', (at) => resolve(Number(at))));
  process.send('ready');
  const at = await go;
  process.disconnect();
  return at;
}
