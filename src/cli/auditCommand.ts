import type { Command } from 'commander';
import { auditTranscript, formatSessionAudit, type SessionAudit } from '../audit/index.js';
import { describeFailure, statOrNull } from '../fs/index.js';
import { findTranscripts } from '../inspect/index.js';
import { readProgress } from './readProgress.js';

export interface AuditCliOptions {
  readonly json?: boolean;
  readonly all?: boolean;
}

/** Reads one transcript's audit, or the one line that says why it could not be read. */
async function auditOne(file: string): Promise<SessionAudit | { readonly file: string; readonly error: string }> {
  const progress = readProgress('audit', file, statOrNull(file)?.size ?? 0);
  try {
    return await auditTranscript(file, { onRead: progress.read });
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    return { file, error: message };
  } finally {
    progress.stop();
  }
}

/** `memlog audit <transcript|folder...>`: per compaction, what the person established and whether the summary kept it (decision 78). */
export function registerAudit(program: Command): void {
  program
    .command('audit')
    .description(
      "per compaction boundary (Claude Code's, automatic or manual, and memlog's): the person's rules and corrections, the current goal, open items and facts said before it, each kept, paraphrased or lost in the summary and the kept messages; lost items said again afterwards first",
    )
    .argument('<paths...>', 'transcript files or folders (searched for *.jsonl)')
    .option('--json', 'one JSON object per transcript, one per line')
    .option('--all', 'list every item, not only the lost ones')
    .addHelpText(
      'after',
      '\nExamples:\n  memlog audit ~/.claude/projects\n  memlog audit session.jsonl --all\n  memlog audit session.jsonl --json | jq .boundaries',
    )
    .action(async (paths: string[], options: AuditCliOptions) => {
      const files = await findTranscripts(paths);
      let unreadable = 0;
      let lostTotal = 0;
      for (const [i, file] of files.entries()) {
        const audit = await auditOne(file);
        if ('error' in audit) unreadable++;
        else for (const boundary of audit.boundaries) lostTotal += boundary.counts.lost + boundary.counts['lost-restated'];
        if (options.json === true) process.stdout.write(`${JSON.stringify(audit)}\n`);
        else if ('error' in audit) process.stdout.write(`${i > 0 ? '\n' : ''}${file}\n  error  ${audit.error}\n`);
        else process.stdout.write(`${i > 0 ? '\n' : ''}${formatSessionAudit(audit, options.all === true ? { all: true } : {})}\n`);
      }
      if (files.length === 0) process.stderr.write('memlog: no .jsonl transcripts found\n');
      if (options.json !== true && files.length > 1)
        process.stderr.write(
          `\n${files.length} transcripts, ${lostTotal} lost item(s)${unreadable > 0 ? `, ${unreadable} could not be read` : ''}\n`,
        );
      if (unreadable > 0) process.exitCode = 1;
    });
}
