import { noteFor } from './claudeMdNote.js';
import type { ConsolidationChange, ConsolidationPlan } from './consolidationPlan.js';
import type { SourceRef } from './memoryCandidate.js';

const MARK: Record<ConsolidationChange['kind'], string> = {
  added: '+',
  updated: '~',
  merged: '<',
  removed: 'x',
  confirmed: '=',
  contradicts: '!',
  unindexed: '-',
};
/** How the title line counts each kind. */
const COUNTED: Record<ConsolidationChange['kind'], string> = {
  added: 'added',
  updated: 'updated',
  merged: 'merged',
  removed: 'removed',
  confirmed: 'confirmed',
  contradicts: 'contradicting CLAUDE.md',
  unindexed: 'unindexed',
};

function cited(sources: readonly SourceRef[]): string {
  const sessions = [...new Map(sources.map((s) => [s.session, s.timestamp])).entries()];
  return sessions.map(([session, at]) => `${session.slice(0, 8)} (${at.slice(0, 10)})`).join(', ');
}

/** The lines of `before` and `after` that differ, as a diff shows them; the lines both share are left out. */
function bodyDiff(before: string, after: string): string[] {
  const old = before.split('\n');
  const now = after.split('\n');
  return [
    ...old.filter((line) => !now.includes(line)).map((line) => `      - ${line}`),
    ...now.filter((line) => !old.includes(line)).map((line) => `      + ${line}`),
  ];
}

function changeLines(change: ConsolidationChange): string[] {
  const mark = MARK[change.kind];
  switch (change.kind) {
    case 'added':
      return [
        `  ${mark} ${change.filename}: ${change.reason}`,
        `      from ${cited(change.sources)}`,
        ...change.file.body.split('\n').map((l) => `      + ${l}`),
      ];
    case 'updated':
      return [
        `  ${mark} ${change.filename}: ${change.reason}`,
        ...(change.sources.length === 0 ? [] : [`      from ${cited(change.sources)}`]),
        ...bodyDiff(`${change.before.description}\n${change.before.body}`, `${change.file.description}\n${change.file.body}`),
      ];
    case 'merged':
      return [`  ${mark} ${change.filename} into ${change.into}: ${change.reason}`];
    case 'removed':
      return [
        `  ${mark} ${change.filename}: ${change.reason}`,
        ...(change.sources.length === 0 ? [] : [`      from ${cited(change.sources)}`]),
        ...change.before.body.split('\n').map((l) => `      - ${l}`),
      ];
    case 'confirmed':
      return [`  ${mark} ${change.filename}: ${change.reason}`, `      from ${cited(change.sources)}`];
    case 'contradicts':
      return [
        `  ${mark} ${change.filename}: contradicts ${change.instruction.file}:${change.instruction.line}: ${change.reason}`,
        `      + ${noteFor(change.instruction)}`,
      ];
    case 'unindexed':
      return [`  ${mark} index line ${JSON.stringify(change.line)}: ${change.reason}`];
  }
}

/**
 * A plan as a person reviews it before anything is written: one block per change (+ added,
 * ~ updated, < merged into another, x removed, = confirmed, ! contradicts CLAUDE.md, - index line removed)
 * with its reason, the sessions it comes from and the lines that change.
 */
export function formatPlan(plan: ConsolidationPlan, title: string): string {
  if (plan.changes.length === 0 && !plan.indexChanged) return `${title}: nothing to consolidate\n`;
  const counts = (['added', 'updated', 'merged', 'removed', 'confirmed', 'contradicts', 'unindexed'] as const)
    .map((kind) => [kind, plan.changes.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${COUNTED[kind]}`);
  const lines = [`${title}: ${counts.length === 0 ? 'the index is rewritten' : counts.join(', ')}`, ...plan.changes.flatMap(changeLines)];
  if (plan.indexChanged) {
    lines.push(`  ~ MEMORY.md: ${plan.index.split('\n').filter((l) => l.startsWith('- ')).length} lines after`);
    lines.push(...bodyDiff(plan.indexBefore.replace(/\n$/, ''), plan.index.replace(/\n$/, '')));
  }
  return `${lines.join('\n')}\n`;
}
