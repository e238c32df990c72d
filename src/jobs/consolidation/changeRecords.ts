import type { ConsolidationChange } from '../../consolidation/consolidationPlan.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';

type ChangeRecord = Extract<EffectRecord, { type: 'consolidation_started' }>['changes'][number];

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
