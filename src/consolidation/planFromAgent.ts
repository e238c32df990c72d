import type { TopicFile } from '../memory/durable/topicFile.js';
import type { ConsolidationReport, ReportedChange } from './agentReport.js';
import type { ClaudeMdInstruction } from './claudeMdInstruction.js';
import type { ConsolidationChange, ConsolidationPlan } from './consolidationPlan.js';
import type { SourceRef } from './memoryCandidate.js';
import { rebuildIndex } from './rebuildIndex.js';

/** What a consolidation agent did to its copy of a memory directory, and what it said about it. */
export interface AgentWork {
  /** The directory's memories before the agent ran, by file name. */
  readonly before: ReadonlyMap<string, TopicFile>;
  /** The memories it wrote whose bytes differ from before (new or rewritten), by file name. */
  readonly written: ReadonlyMap<string, TopicFile>;
  /** The memories it deleted. */
  readonly deleted: readonly string[];
  /** MEMORY.md before the agent ran, and as it left it ('' when there is none). */
  readonly indexBefore: string;
  readonly index: string;
  /** Its report (the last `record_consolidation` call), or null when it made none. */
  readonly report: ConsolidationReport | null;
  /** Files that are not memories the agent may change (unreadable, instruction files): their index lines stay. */
  readonly kept: readonly string[];
  /** The project's CLAUDE.md instructions, which a `contradicts` change must name. */
  readonly instructions: readonly ClaudeMdInstruction[];
  /** The session ids a source may cite: the project's sessions and the candidates'. */
  readonly sessions: ReadonlySet<string>;
}

export interface AgentPlan {
  readonly plan: ConsolidationPlan;
  /** Deletions left undone because no change in the report says why (the files stay). */
  readonly restored: readonly string[];
}

const NO_REASON = 'rewritten by the consolidation agent, which gave no reason';

/**
 * The plan a consolidation agent's work amounts to. What changed is read from the files (the
 * diff is the truth); why, and from which statements, from the agent's report. A deletion the
 * report does not explain (merged into a memory that is there, or removed with a reason) is
 * undone: nothing leaves without a recorded reason. The index is then rebuilt from the agent's
 * own (its wording kept): a line per memory, none for a file that is gone, within Claude Code's
 * limits. Pure: the job reads the files and the report and passes them in.
 */
export function planFromAgent(work: AgentWork): AgentPlan {
  const claims = (file: string): ReportedChange[] => work.report?.changes.filter((c) => c.file === file) ?? [];
  const sourcesOf = (claimed: readonly ReportedChange[]): SourceRef[] =>
    claimed.flatMap((c) => c.sources ?? []).filter((s) => work.sessions.has(s.session));
  const changes: ConsolidationChange[] = [];
  const writes = new Map<string, TopicFile | null>();
  const after = new Map(work.before);

  for (const [filename, file] of [...work.written].sort(([a], [b]) => a.localeCompare(b))) {
    const claimed = claims(filename).filter((c) => c.kind !== 'contradicts');
    const reason = claimed[0]?.reason ?? NO_REASON;
    const original = work.before.get(filename);
    changes.push(
      original === undefined
        ? { kind: 'added', filename, file, reason, sources: sourcesOf(claimed) }
        : { kind: 'updated', filename, before: original, file, reason, sources: sourcesOf(claimed) },
    );
    writes.set(filename, file);
    after.set(filename, file);
  }

  const restored: string[] = [];
  const gone = [...work.deleted].filter((f) => work.before.has(f)).sort();
  for (const filename of gone) after.delete(filename);
  for (const filename of gone) {
    const before = work.before.get(filename)!;
    const merged = claims(filename).find((c) => c.kind === 'merged' && c.into !== undefined && after.has(c.into));
    const removed = claims(filename).find((c) => c.kind === 'removed');
    if (merged !== undefined) changes.push({ kind: 'merged', filename, into: merged.into!, before, reason: merged.reason });
    else if (removed !== undefined)
      changes.push({ kind: 'removed', filename, before, reason: removed.reason, sources: sourcesOf([removed]) });
    else {
      restored.push(filename);
      continue;
    }
    writes.set(filename, null);
  }
  for (const filename of restored) after.set(filename, work.before.get(filename)!);

  for (const claim of work.report?.changes ?? []) {
    if (claim.kind !== 'contradicts' || !after.has(claim.file)) continue;
    const instruction = work.instructions.find((i) => `${i.file}:${i.line}` === claim.instruction);
    if (instruction !== undefined) changes.push({ kind: 'contradicts', filename: claim.file, instruction, reason: claim.reason });
  }

  const mergedInto = new Map(changes.flatMap((c) => (c.kind === 'merged' ? [[c.filename, c.into] as const] : [])));
  const index = rebuildIndex({ index: work.index, memories: after, described: new Set(), kept: work.kept, mergedInto });
  changes.push(...index.unindexed.map(({ line, reason }) => ({ kind: 'unindexed' as const, line, reason })));
  return {
    plan: { changes, writes, index: index.content, indexBefore: work.indexBefore, indexChanged: index.content !== work.indexBefore },
    restored,
  };
}
