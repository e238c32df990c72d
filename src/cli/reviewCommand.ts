import type { Command } from 'commander';
import { InvalidArgumentError } from '../errors.js';
import { diffOf, wordsAt } from '../jobs/history/index.js';
import { readBlob } from '../jobs/records/index.js';
import { acceptProposal, editProposal, proposals, rejectProposal, type Proposal } from '../jobs/review/index.js';
import { memoryDirOf } from './memoryCommand.js';

interface ReviewOptions {
  readonly dir?: string;
  readonly json?: boolean;
  readonly all?: boolean;
}

const textOf = (dir: string, sha: string | null): string | undefined => (sha === null ? '' : readBlob(dir, sha)?.toString('utf8'));

/** The person's words each change cites, from the sessions beside the directory (or where the proposal says they are). */
function wordsOf(dir: string, proposal: Proposal): string[] {
  const sessionsDir = proposal.sessionsDir ?? `${dir}/..`;
  const bySession = new Map<string, Set<string>>();
  for (const change of proposal.changes)
    for (const s of change.sources ?? []) bySession.set(s.session, (bySession.get(s.session) ?? new Set()).add(s.uuid));
  return [...bySession].flatMap(([session, uuids]) => [...wordsAt(sessionsDir, session, uuids).values()]);
}

function proposalLines(dir: string, p: Proposal): string[] {
  const state =
    p.status !== 'pending'
      ? ` (${p.status}${p.runId === null ? '' : ` as ${p.runId}`})`
      : p.stale.length > 0
        ? ` STALE: ${p.stale.join(', ')} changed since`
        : '';
  const lines = [`${p.id}  from memlog ${p.source}${state}`];
  for (const c of p.changes)
    lines.push(`  ${c.kind} ${c.filename ?? c.line ?? ''}${c.into === undefined ? '' : ` into ${c.into}`}: ${c.reason}`);
  for (const words of wordsOf(dir, p)) lines.push(`  said: "${words.replace(/\s+/g, ' ').slice(0, 160)}"`);
  for (const f of p.files) {
    const diff = diffOf(textOf(dir, f.before), textOf(dir, f.after));
    lines.push(`  ${f.file}:`, ...(diff === null ? ['    (bytes no longer kept)'] : diff.split('\n').map((l) => `    ${l}`)));
  }
  return lines;
}

/** The ids named, or every pending one with --all; one or the other. */
function idsOf(dir: string, ids: readonly string[], options: ReviewOptions): string[] {
  if (ids.length > 0 === (options.all === true)) throw new InvalidArgumentError('name the proposals (p1 p2…), or --all (not both)');
  return options.all === true ? proposals(dir).flatMap((p) => (p.status === 'pending' ? [p.id] : [])) : [...ids];
}

function registerList(review: Command): void {
  review
    .command('list', { isDefault: true })
    .description('the pending proposals, each with its changes, the words they came from and a diff; a stale one is marked')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--all', 'accepted and rejected ones too')
    .option('--json', 'one JSON object')
    .action((options: ReviewOptions) => {
      const dir = memoryDirOf(options);
      const shown = proposals(dir).filter((p) => options.all === true || p.status === 'pending');
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ dir, proposals: shown.map((p) => ({ ...p, words: wordsOf(dir, p) })) }, null, 2)}\n`);
        return;
      }
      if (shown.length === 0) {
        process.stdout.write(`${dir}: nothing to review\n`);
        return;
      }
      process.stdout.write(`${shown.flatMap((p, i) => [...(i === 0 ? [] : ['']), ...proposalLines(dir, p)]).join('\n')}\n`);
    });
}

function registerDecide(review: Command): void {
  review
    .command('accept')
    .description(
      'apply proposals to the memory directory, each as a run of its own (memlog undo takes it back); a stale one is not applied',
    )
    .argument('[ids...]', 'the proposals (p1 p2…)')
    .option('--all', 'every pending proposal, oldest first')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--json', 'one JSON object')
    .action(async (ids: string[], options: ReviewOptions) => {
      const dir = memoryDirOf(options);
      const outcomes = [];
      for (const id of idsOf(dir, ids, options)) outcomes.push(await acceptProposal(dir, id));
      if (options.json === true) process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
      else
        for (const o of outcomes)
          process.stdout.write(
            o.status === 'accepted'
              ? `${o.id}: accepted as ${o.runId}\n`
              : `${o.id}: stale, not applied: ${o.files.join(', ')} changed since it was proposed (memlog review reject ${o.id}, then run again)\n`,
          );
      if (outcomes.some((o) => o.status === 'stale')) process.exitCode = 1;
    });
  review
    .command('reject')
    .description('drop proposals: nothing is written')
    .argument('[ids...]', 'the proposals (p1 p2…)')
    .option('--all', 'every pending proposal')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .action((ids: string[], options: ReviewOptions) => {
      const dir = memoryDirOf(options);
      for (const id of idsOf(dir, ids, options)) {
        rejectProposal(dir, id);
        process.stdout.write(`${id}: rejected\n`);
      }
    });
}

/** `memlog review [list] | accept | reject | edit`: the inbox of proposed memory changes (decision 80). */
export function registerReview(program: Command): void {
  const review = program
    .command('review')
    .description('the changes extract --review and consolidate --review proposed: list them, accept, reject or edit them');
  registerList(review);
  registerDecide(review);
  review
    .command('edit')
    .description("open a proposal's proposed files in $EDITOR (or $VISUAL); what is saved becomes the proposal")
    .argument('<id>', 'the proposal')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .action(async (id: string, options: ReviewOptions) => {
      const editor = process.env['VISUAL'] || process.env['EDITOR'];
      if (editor === undefined || editor === '')
        throw new InvalidArgumentError('set $EDITOR (or $VISUAL) to the editor to open the proposal in');
      const changed = await editProposal(memoryDirOf(options), id, editor);
      process.stdout.write(changed.length === 0 ? `${id}: unchanged\n` : `${id}: edited ${changed.join(', ')}\n`);
    });
}
