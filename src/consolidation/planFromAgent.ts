import { valueOf } from '../errors.js';
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
  const parts: PlanParts = { changes: [], writes: new Map(), after: new Map(work.before) };
  noteWritten(work, parts);
  const restored = noteDeleted(work, parts);
  noteContradictions(work, parts);
  const { changes, writes, after } = parts;
  const mergedInto = new Map(changes.flatMap((c) => (c.kind === 'merged' ? [[c.filename, c.into] as const] : [])));
  const index = rebuildIndex({ index: work.index, memories: after, described: new Set(), kept: work.kept, mergedInto });
  changes.push(...index.unindexed.map(({ line, reason }) => ({ kind: 'unindexed' as const, line, reason })));
  return {
    plan: { changes, writes, index: index.content, indexBefore: work.indexBefore, indexChanged: index.content !== work.indexBefore },
    restored,
  };
}

/** The plan as it is built: its changes and writes, and the directory's memories after it. */
interface PlanParts {
  readonly changes: ConsolidationChange[];
  readonly writes: Map<string, TopicFile | null>;
  readonly after: Map<string, TopicFile>;
}

const claimsOf = (work: AgentWork, file: string): ReportedChange[] => work.report?.changes.filter((c) => c.file === file) ?? [];

/** The sources a change cites that are sessions the agent was shown. */
const sourcesOf = (work: AgentWork, claimed: readonly ReportedChange[]): SourceRef[] =>
  claimed.flatMap((c) => c.sources ?? []).filter((s) => work.sessions.has(s.session));

/** Each file the agent wrote: added or updated, with the reason its report gives. */
function noteWritten(work: AgentWork, { changes, writes, after }: PlanParts): void {
  for (const [filename, file] of [...work.written].sort(([a], [b]) => a.localeCompare(b))) {
    const claimed = claimsOf(work, filename).filter((c) => c.kind !== 'contradicts');
    const reason = claimed[0]?.reason ?? NO_REASON;
    const original = work.before.get(filename);
    const sources = sourcesOf(work, claimed);
    changes.push(
      original === undefined
        ? { kind: 'added', filename, file, reason, sources }
        : { kind: 'updated', filename, before: original, file, reason, sources },
    );
    writes.set(filename, file);
    after.set(filename, file);
  }
}

/** Each memory the agent deleted: merged or removed as its report says, else restored; the restored ones' names. */
function noteDeleted(work: AgentWork, { changes, writes, after }: PlanParts): string[] {
  const restored: string[] = [];
  const gone = [...work.deleted].filter((f) => work.before.has(f)).sort();
  for (const filename of gone) after.delete(filename);
  for (const filename of gone) {
    const before = valueOf(work.before, filename, 'memories before');
    const claims = claimsOf(work, filename);
    const merged = claims.find(
      (c): c is ReportedChange & { into: string } => c.kind === 'merged' && c.into !== undefined && after.has(c.into),
    );
    const removed = claims.find((c) => c.kind === 'removed');
    if (merged !== undefined) changes.push({ kind: 'merged', filename, into: merged.into, before, reason: merged.reason });
    else if (removed !== undefined)
      changes.push({ kind: 'removed', filename, before, reason: removed.reason, sources: sourcesOf(work, [removed]) });
    else {
      restored.push(filename);
      continue;
    }
    writes.set(filename, null);
  }
  for (const filename of restored) after.set(filename, valueOf(work.before, filename, 'memories before'));
  return restored;
}

/** The contradictions the report names, of memories still there and instructions that exist. */
function noteContradictions(work: AgentWork, { changes, after }: PlanParts): void {
  for (const claim of work.report?.changes ?? []) {
    if (claim.kind !== 'contradicts' || !after.has(claim.file)) continue;
    const instruction = work.instructions.find((i) => `${i.file}:${i.line}` === claim.instruction);
    if (instruction !== undefined) changes.push({ kind: 'contradicts', filename: claim.file, instruction, reason: claim.reason });
  }
}
