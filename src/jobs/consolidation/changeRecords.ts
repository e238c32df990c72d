import type { ConsolidationChange } from '../../consolidation/consolidationPlan.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { keepFile, type FileSnapshot } from '../records/blobStore.js';

export type ChangeRecord = Extract<EffectRecord, { type: 'consolidation_started' }>['changes'][number];

/** A plan's changes as the consolidation log keeps them: what, why, from where; not the files' text, which the directory holds. */
export function changeRecords(changes: readonly ConsolidationChange[]): ChangeRecord[] {
  return changes.map((change): ChangeRecord => {
    switch (change.kind) {
      case 'added':
      case 'updated':
      case 'removed':
      case 'confirmed':
        return {
          kind: change.kind,
          filename: change.filename,
          reason: change.reason,
          sources: change.sources.map((s) => ({ session: s.session, uuid: s.uuid, timestamp: s.timestamp })),
        };
      case 'merged':
        return { kind: change.kind, filename: change.filename, into: change.into, reason: change.reason };
      case 'contradicts': {
        const { file, line, text } = change.instruction;
        return { kind: change.kind, filename: change.filename, reason: change.reason, instruction: { file, line, text } };
      }
      case 'unindexed':
        return { kind: change.kind, line: change.line, reason: change.reason };
    }
  });
}

/**
 * The bytes each file of a commit has before (in the directory) and after (in the staged copy;
 * none for a file removed), kept in the blob store before the commit is recorded: what undo
 * puts back and `memlog memory log` diffs (decision 79).
 */
export async function fileRecords(
  memoryDir: string,
  staging: string,
  writes: readonly string[],
  removes: readonly string[],
): Promise<FileSnapshot[]> {
  const snapshots: FileSnapshot[] = [];
  for (const file of writes)
    snapshots.push({ file, before: await keepFile(memoryDir, memoryDir, file), after: await keepFile(memoryDir, staging, file) });
  for (const file of removes) snapshots.push({ file, before: await keepFile(memoryDir, memoryDir, file), after: null });
  return snapshots;
}
