import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, openSync, closeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { ARCHIVE_HOOK_MARK, changeArchiveHook, defaultArchiveDir, parseHookInput, shellQuote } from '../archive/index.js';

/** The hook reads at most this much of its stdin: Claude Code's hook input is a few hundred bytes. */
const MAX_INPUT_BYTES = 1 << 20;

/** The log the hook writes to, in the archive: the hook itself never fails Claude Code. */
export const hookLogPath = (archiveDir: string): string => join(archiveDir, 'hook.log');

/** The shell command Claude Code runs: this memlog, by the node and script running now, with the archive fixed at install. */
export function hookCommand(archiveDir: string, redact: boolean): string {
  const memlog = [process.execPath, ...process.execArgv, process.argv[1] ?? 'memlog'].map(shellQuote).join(' ');
  return `${ARCHIVE_HOOK_MARK}${memlog} archive hook --to ${shellQuote(resolve(archiveDir))}${redact ? ' --redact' : ''}`;
}

/** `memlog archive --install-hook | --uninstall-hook`: one line saying what changed in which settings file. */
export async function changeHook(settingsPath: string, archiveDir: string, install: boolean, redact: boolean): Promise<void> {
  const change = await changeArchiveHook(settingsPath, install ? hookCommand(archiveDir, redact) : null);
  const what = {
    installed: `installed the SessionEnd and PreCompact hooks that archive each session into ${archiveDir}`,
    removed: "removed memlog's archive hooks",
    unchanged: install ? 'the archive hooks are already installed' : 'no memlog archive hook to remove',
  }[change];
  process.stdout.write(`${settingsPath}: ${what}\n`);
}

async function readInput(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > MAX_INPUT_BYTES) break;
  }
  return text;
}

/**
 * Starts `memlog archive <the session's project>` detached, its output appended to the log, and
 * returns at once: Claude Code waits for nothing and the archive lock keeps runs one at a time.
 */
function archiveDetached(archiveDir: string, projectDir: string, log: string, redact: boolean): void {
  const fd = openSync(log, 'a', 0o600);
  try {
    const args = [...process.execArgv, process.argv[1] ?? '', 'archive', '--to', archiveDir, ...(redact ? ['--redact'] : []), projectDir];
    spawn(process.execPath, args, { detached: true, stdio: ['ignore', fd, fd] }).unref();
  } finally {
    closeSync(fd);
  }
}

/** `memlog archive hook`: what Claude Code's hook runs; every failure goes to the log, the exit status is always 0. */
export function registerHookRun(archive: Command): void {
  archive
    .command('hook')
    .description(
      "run by Claude Code's SessionEnd and PreCompact hooks (see --install-hook): archives the session's project in the background",
    )
    .option('--to <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .option('--redact', 'archive with --redact (set by --install-hook --redact)')
    .action(async (options: { to?: string; redact?: boolean }) => {
      const archiveDir = resolve(options.to ?? defaultArchiveDir());
      const log = hookLogPath(archiveDir);
      try {
        mkdirSync(archiveDir, { recursive: true, mode: 0o700 });
        const input = parseHookInput(await readInput());
        const line = typeof input === 'string' ? input : `${input.hook_event_name ?? 'hook'} ${input.session_id}: archiving`;
        appendFileSync(log, `${new Date().toISOString()} ${line}\n`);
        if (typeof input !== 'string') archiveDetached(archiveDir, dirname(input.transcript_path), log, options.redact === true);
      } catch (error) {
        try {
          appendFileSync(log, `${new Date().toISOString()} error: ${(error as Error).message}\n`);
        } catch {
          // Nowhere to write: the hook still must not fail Claude Code.
        }
      }
      process.exitCode = 0;
    });
}
