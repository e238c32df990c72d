import type { Command } from 'commander';
import { cleanupPeriod, defaultArchiveDir, listArchive, projectFolders, sessionsDue, type ArchivedSession } from '../archive/index.js';
import { claudeConfigHome, projectsRoot } from '../transcript/index.js';
import { thousands } from './thousands.js';

/** `memlog archive list` and `memlog archive status`: what the archive holds, and what Claude Code deletes next. */
export function registerArchiveViews(archive: Command): void {
  archive
    .command('list')
    .description('the archived sessions, with their files, versions, sizes and dates')
    .option('--archive <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .option('--json', 'one JSON object per session')
    .action(async (options: { archive?: string; json?: boolean }) => {
      const sessions = await listArchive(options.archive ?? defaultArchiveDir());
      if (options.json === true) for (const session of sessions) process.stdout.write(`${JSON.stringify(session)}\n`);
      else process.stdout.write(formatList(sessions));
    });
  archive
    .command('status')
    .description('the sessions Claude Code deletes at its next start (older than cleanupPeriodDays), and whether each is archived')
    .option('--archive <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .option('--config-dir <dir>', 'Claude config directory (default: CLAUDE_CONFIG_DIR or ~/.claude)')
    .option('--project <dir>', 'where Claude Code will start next, for its project settings (default: the current folder)')
    .action(async (options: { archive?: string; configDir?: string; project?: string }) => {
      const configHome = options.configDir ?? claudeConfigHome();
      const period = cleanupPeriod(configHome, options.project ?? process.cwd());
      process.stdout.write(`cleanupPeriodDays: ${period.days} (${period.from === 'default' ? 'the default' : `from ${period.from}`})\n`);
      if (period.paused !== undefined) process.stdout.write(`  Claude Code deletes nothing while ${period.paused}\n`);
      const projects = projectFolders([], projectsRoot(configHome));
      const due = await sessionsDue(options.archive ?? defaultArchiveDir(), projects, Math.max(1, period.days), new Date());
      process.stdout.write(`${due.length} session(s) older than ${period.days} day(s), deleted at Claude Code's next start:\n`);
      for (const session of due)
        process.stdout.write(`  ${session.archived.padEnd(8)}  ${session.modified.slice(0, 10)}  ${session.key}\n`);
      if (due.some((session) => session.archived !== 'archived')) process.exitCode = 1;
    });
}

function formatList(sessions: readonly ArchivedSession[]): string {
  const lines = [`${sessions.length} archived session(s)`];
  for (const s of sessions)
    lines.push(
      `  ${s.project}/${s.session}  ${s.files} file(s), ${s.versions} version(s), ${thousands(s.bytes)} byte(s) (${thousands(s.stored)} stored), archived ${s.firstArchived.slice(0, 10)}..${s.lastArchived.slice(0, 10)}`,
    );
  return `${lines.join('\n')}\n`;
}
