import type { Command } from 'commander';
import { redactTranscript, type RedactionReport } from '../archive/index.js';
import { checkTranscriptArgument, resolveTranscriptArgument } from './transcriptArgument.js';

/** What was redacted, by rule and count: never a value. */
export function formatRedaction(name: string, report: RedactionReport): string {
  const rules = Object.entries(report.byRule).sort(([a], [b]) => (a < b ? -1 : 1));
  const total = rules.reduce((sum, [, n]) => sum + n, 0);
  const lines = [`${name}: ${total} secret(s) redacted in ${report.redactedLines} of ${report.lines} line(s)`];
  for (const [rule, n] of rules) lines.push(`  ${rule}  ${n}`);
  return `${lines.join('\n')}\n`;
}

/** `memlog redact <transcript> --out <file>`: a copy with every secret replaced by a marker naming its rule. */
export function registerRedact(program: Command): void {
  program
    .command('redact')
    .description(
      'write a copy of a transcript with every secret the scan finds replaced by [REDACTED:<rule>]; each JSON line stays valid JSON',
    )
    .argument('<transcript>', 'a transcript .jsonl file, or an archived session id')
    .requiredOption('--out <file>', 'where the redacted copy goes (never the transcript itself)')
    .addHelpText('after', '\nExamples:\n  memlog redact session.jsonl --out session.redacted.jsonl')
    .action(async (given: string, options: { out: string }) => {
      const file = await resolveTranscriptArgument(given);
      checkTranscriptArgument(file);
      process.stdout.write(formatRedaction(given, await redactTranscript(file, options.out)));
    });
}
