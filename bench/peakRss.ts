import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Peak RSS of one child process, measured by GNU time (`/usr/bin/time -f '%M %e'`: max resident
 * set size in KiB, wall seconds), which reads it from the kernel's rusage of the very process it
 * waited for. The child's stdout goes to /dev/null and its stderr to a file, so a command that
 * prints gigabytes costs the parent nothing.
 */
export interface PeakRss {
  /** `ok`: exit 0; `failed`: a non-zero exit; `killed`: a signal (an abort on running out of heap is SIGABRT); `timeout`: we killed it. */
  readonly status: 'ok' | 'failed' | 'killed' | 'timeout';
  readonly exitCode: number | null;
  readonly signal: number | null;
  /** Null only when GNU time itself could not report (it was killed too). */
  readonly peakKiB: number | null;
  readonly seconds: number | null;
  /** CPU seconds, user plus system, of the command and the threads it ran: what a busy machine does not change much. */
  readonly cpuSeconds: number | null;
  /** The end of the child's stderr when it did not succeed. */
  readonly stderrTail: string;
}

export interface PeakRssOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  /** Where GNU time's report and the child's stderr go. */
  readonly reportFile: string;
  readonly stderrFile: string;
}

export const GNU_TIME = '/usr/bin/time';

/** Throws with what to install when GNU time is missing or is not GNU's (`-f` and `%M` are GNU's). */
export function assertGnuTime(): void {
  const probe = spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0 || !/^\d+\s*$/.test(probe.stderr)) {
    throw new Error(`${GNU_TIME} (GNU time) is needed to measure each child's peak RSS: install it (Debian/Ubuntu: apt-get install time)`);
  }
}

/** Process groups of children still running, so an interrupted bench can stop them. */
const running = new Set<number>();

/** Kills every child still running (with its own children): for SIGINT and errors. */
export function stopRunningChildren(): void {
  for (const group of running) killGroup(group);
  running.clear();
}

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills the command GNU time waits for, not GNU time, so that it still reports the peak it saw. */
function killMeasured(timePid: number): void {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${timePid}/task/${timePid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // No /proc: the group kill below still ends it, without a figure.
  }
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const TAIL_BYTES = 8000;

function tail(file: string): string {
  try {
    const size = statSync(file).size;
    const buffer = Buffer.alloc(Math.min(size, TAIL_BYTES));
    const fd = openSync(file, 'r');
    try {
      const n = readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.subarray(0, n).toString('utf8').trim();
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** GNU time's report: an optional "Command exited with non-zero status N" / "Command terminated by signal N" line, then ours. */
function parseReport(text: string): {
  peakKiB: number | null;
  seconds: number | null;
  cpuSeconds: number | null;
  exitCode: number | null;
  signal: number | null;
} {
  const figures = /^(\d+) (\d+(?:\.\d+)?)(?: (\d+(?:\.\d+)?) (\d+(?:\.\d+)?))?\s*$/m.exec(text);
  const exit = /exited with non-zero status (\d+)/.exec(text);
  const signal = /terminated by signal (\d+)/.exec(text);
  return {
    peakKiB: figures ? Number(figures[1]) : null,
    seconds: figures ? Number(figures[2]) : null,
    cpuSeconds: figures?.[3] !== undefined && figures[4] !== undefined ? Number(figures[3]) + Number(figures[4]) : null,
    exitCode: exit ? Number(exit[1]) : signal ? null : figures ? 0 : null,
    signal: signal ? Number(signal[1]) : null,
  };
}

/** Runs `node ...args` under GNU time and resolves to its peak RSS; never rejects for the child's own failure. */
export function measurePeakRss(args: readonly string[], options: PeakRssOptions): Promise<PeakRss> {
  return new Promise((resolve, reject) => {
    const stderr = openSync(options.stderrFile, 'w');
    const child = spawn(GNU_TIME, ['-f', '%M %e %U %S', '-o', options.reportFile, process.execPath, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'ignore', stderr],
      // Its own process group: a timeout or Ctrl-C can end the command and anything it started.
      detached: true,
    });
    closeSync(stderr);
    const group = child.pid;
    if (group === undefined) {
      child.once('error', reject);
      return;
    }
    running.add(group);
    let timedOut = false;
    let lastResort: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killMeasured(group);
      lastResort = setTimeout(() => killGroup(group), 10_000);
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      running.delete(group);
      reject(error);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      if (lastResort !== undefined) clearTimeout(lastResort);
      running.delete(group);
      let report = '';
      try {
        report = readFileSync(options.reportFile, 'utf8');
      } catch {
        // GNU time was killed before it wrote: no figures.
      }
      const parsed = parseReport(report);
      const status = timedOut ? 'timeout' : parsed.signal !== null ? 'killed' : parsed.exitCode === 0 ? 'ok' : 'failed';
      resolve({ status, ...parsed, stderrTail: status === 'ok' ? '' : tail(options.stderrFile) });
    });
  });
}

/**
 * What every peak-RSS bench does before it measures: GNU time is there, dist/ is built from the
 * code as it is now (not whatever it was last built from), and a temp folder is made that goes
 * again, children stopped, when the bench is interrupted. The caller calls `cleanUp` at the end.
 */
export function prepareRssRun(root: string, tempPrefix: string): { readonly temp: string; readonly cleanUp: () => void } {
  assertGnuTime();
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
  const temp = mkdtempSync(join(tmpdir(), tempPrefix));
  const cleanUp = (): void => rmSync(temp, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopRunningChildren();
      cleanUp();
      process.exit(128 + constants.signals[signal]);
    });
  }
  return { temp, cleanUp };
}
