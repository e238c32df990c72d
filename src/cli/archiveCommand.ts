import type { Command } from 'commander';
import {
  archiveProjects,
  defaultArchiveDir,
  restoreArchive,
  verifyArchive,
  projectFolders,
  selectionByName,
  type ArchiveReport,
  type RedactionSummary,
} from '../archive/index.js';
import { claudeConfigHome, projectsRoot } from '../transcript/index.js';
import { checkOptions } from './optionChecks.js';
import { registerArchiveViews } from './archiveViews.js';
import { changeHook, registerHookRun } from './archiveHook.js';
import { join } from 'node:path';
import { thousands } from './thousands.js';

interface ArchiveOptions {
  readonly to?: string;
  readonly configDir?: string;
  readonly json?: boolean;
  readonly installHook?: boolean;
  readonly uninstallHook?: boolean;
  readonly settings?: string;
  readonly redact?: boolean;
}

/** `memlog archive`: keep every session before Claude Code's cleanup deletes it (decision 73). */
export function registerArchive(program: Command): void {
  const command = program
    .command('archive')
    .enablePositionalOptions()
    .description(
      "copy every session (transcripts, subagents, tool results) into memlog's archive, storing only what is new since the last run",
    )
    .argument('[projects...]', "project folders, or their names under Claude Code's projects folder (default: every project)")
    .option('--to <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .option('--config-dir <dir>', 'Claude config directory (default: CLAUDE_CONFIG_DIR or ~/.claude)')
    .option('--json', 'print what was done as one JSON object')
    .option(
      '--redact',
      'store copies with every secret the scan finds replaced by [REDACTED:<rule>] (the live transcripts untouched); once an archive holds redacted copies, every later run redacts',
    )
    .option('--install-hook', "add Claude Code SessionEnd and PreCompact hooks that archive each session (to --to's archive)")
    .option('--uninstall-hook', "remove memlog's archive hooks, every other hook kept")
    .option('--settings <file>', 'the Claude Code settings file for the hooks (default: settings.json in the Claude config directory)');
  checkOptions<ArchiveOptions>(command, (options, given) => {
    if (options.installHook === true && options.uninstallHook === true) return '--install-hook and --uninstall-hook: one of them';
    if (options.redact === true && options.uninstallHook === true) return '--redact says how to archive; --uninstall-hook archives nothing';
    if (given('settings') && options.installHook !== true && options.uninstallHook !== true)
      return '--settings names where the hooks go; it needs --install-hook or --uninstall-hook';
    return undefined;
  }).action(async (projects: string[], options: ArchiveOptions) => {
    const archiveDir = options.to ?? defaultArchiveDir();
    if (options.installHook === true || options.uninstallHook === true) {
      const settings = options.settings ?? join(options.configDir ?? claudeConfigHome(), 'settings.json');
      await changeHook(settings, archiveDir, options.installHook === true, options.redact === true);
      return;
    }
    const report = await archiveProjects({
      archiveDir,
      projectDirs: projectFolders(projects, projectsRoot(options.configDir ?? claudeConfigHome())),
      ...(options.redact === true ? { redact: true } : {}),
    });
    process.stdout.write(options.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatArchive(archiveDir, report));
    if (report.unreadable.length > 0) process.exitCode = 1;
  });
  registerRestore(command);
  registerHookRun(command);
  registerVerify(command);
  registerArchiveViews(command);
}

function formatArchive(archiveDir: string, report: ArchiveReport): string {
  const { added, grown, rewritten, touched, unchanged } = report.outcomes;
  const skipped = report.unreadable.length + report.skipped.length;
  const lines = [
    `archive: ${archiveDir}`,
    `  ${report.files} file(s): ${added} new, ${grown} grown, ${rewritten} rewritten (new version), ${touched + unchanged} unchanged${skipped > 0 ? `, ${skipped} skipped` : ''}`,
    `  read ${thousands(report.bytesRead)} byte(s), stored ${thousands(report.bytesStored)} compressed`,
  ];
  if (report.swept > 0) lines.push(`  removed ${report.swept} piece(s) an interrupted run left unrecorded`);
  for (const skipped of [...report.unreadable, ...report.skipped]) lines.push(`  skipped ${skipped.key}: ${skipped.reason}`);
  if (report.redaction !== null) lines.push(...formatRedaction(report.redaction));
  return `${lines.join('\n')}\n`;
}

/** What a redacting run replaced, per session, by rule and count: never a value (decision 90). */
function formatRedaction(redaction: RedactionSummary): string[] {
  const secrets = redaction.sessions.reduce((sum, session) => sum + session.secrets, 0);
  const lines = [`  redacted ${secrets} secret(s) in ${redaction.sessions.length} session(s)`];
  if (redaction.byArchive) lines[0] += ' (this archive keeps redacted copies, so every run redacts)';
  for (const session of redaction.sessions) {
    const rules = Object.entries(session.byRule).sort(([a], [b]) => (a < b ? -1 : 1));
    lines.push(`    ${session.session}: ${rules.map(([rule, n]) => `${rule} ${n}`).join(', ')}`);
  }
  if (redaction.filesWithUnredactedVersions > 0)
    lines.push(
      `  ${redaction.filesWithUnredactedVersions} file(s) keep earlier versions stored before redaction, secrets included (a new archive holds none)`,
    );
  return lines;
}

interface RestoreOptions {
  readonly all?: boolean;
  readonly intoClaude?: boolean;
  readonly to?: string;
  readonly force?: boolean;
  readonly archive?: string;
  readonly configDir?: string;
}

/** What is wrong with more than one name: an option written after '--' (which ends the options), or a second name. */
function extraOperands(operands: readonly string[]): string | undefined {
  if (operands.length <= 1) return undefined;
  const [name, ...rest] = operands;
  if (!rest.some((word) => word.startsWith('-'))) return `name one session or project (or --all), not ${operands.length}`;
  return `options go before '--', which ends them: put "${rest.join(' ')}" before "-- ${name ?? ''}"`;
}

function registerRestore(archive: Command): void {
  const command = archive
    .command('restore')
    .description(
      'write archived files back, byte for byte (the newest version of each); a different file already there is kept unless --force',
    )
    .argument('[session-or-project]', 'a session id, or a project folder name (after --, as it starts with a dash)')
    .option('--all', 'every archived file')
    .option('--into-claude', "into Claude Code's projects folder, where it looks for sessions")
    .option('--to <dir>', 'into this folder, as <project>/<files>')
    .option('--force', 'replace an existing file whose bytes differ')
    .option('--archive <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .option('--config-dir <dir>', 'Claude config directory, for --into-claude (default: CLAUDE_CONFIG_DIR or ~/.claude)');
  // Excess operands are checked here, first, to say where options go: after '--', '--to DIR' is a name.
  command.allowExcessArguments(true);
  command.hook('preAction', (_parent, action) => {
    const extra = extraOperands(action.args);
    if (extra !== undefined) action.error(`error: ${extra}`);
  });
  checkOptions<RestoreOptions & { readonly name?: string }>(command, (options) =>
    (options.intoClaude === true) === (options.to !== undefined)
      ? 'say where to restore: --into-claude or --to <dir>, one of them'
      : undefined,
  );
  command.hook('preAction', (_parent, action) => {
    if ((action.opts<RestoreOptions>().all === true) === (action.args[0] !== undefined))
      action.error('error: name a session or a project, or give --all, one of them');
  });
  command.action(async (name: string | undefined, options: RestoreOptions) => {
    const archiveDir = options.archive ?? defaultArchiveDir();
    const into = options.to ?? projectsRoot(options.configDir ?? claudeConfigHome());
    const selection = name === undefined ? ({ all: true } as const) : await selectionByName(archiveDir, name);
    const report = await restoreArchive({ archiveDir, selection, into, ...(options.force === true ? { force: true } : {}) });
    const lines = [`restored ${report.restored.length} file(s) into ${into}, ${report.unchanged.length} already there`];
    for (const key of report.refused) lines.push(`  kept ${key}: a different file is there (--force replaces it)`);
    if (report.redacted.length > 0)
      lines.push(
        `  ${report.redacted.length} file(s) from redacted copies: their secrets are [REDACTED:<rule>] markers, not the original bytes`,
      );
    process.stdout.write(`${lines.join('\n')}\n`);
    if (report.refused.length > 0) process.exitCode = 1;
  });
}

function registerVerify(archive: Command): void {
  archive
    .command('verify')
    .description('read every archived piece back and check its checksums')
    .option('--archive <dir>', 'the archive (default: MEMLOG_ARCHIVE or ~/.memlog/archive)')
    .action(async (options: { archive?: string }) => {
      const report = await verifyArchive(options.archive ?? defaultArchiveDir());
      const redacted = report.redactedVersions > 0 ? ` (${report.redactedVersions} redacted)` : '';
      const summary = `verified ${report.files} file(s), ${report.versions} version(s)${redacted}, ${report.pieces} piece(s), ${thousands(report.bytes)} byte(s)`;
      process.stdout.write(`${summary}: ${report.problems.length === 0 ? 'all good' : `${report.problems.length} problem(s)`}\n`);
      for (const problem of report.problems) process.stdout.write(`  ${problem}\n`);
      if (report.tornLines > 0)
        process.stdout.write(`  ${report.tornLines} manifest line(s) cut by an interrupted run, skipped (harmless)\n`);
      if (report.problems.length > 0) process.exitCode = 1;
    });
}
