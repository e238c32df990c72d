import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidationHistory } from '../../../src/jobs/consolidation/consolidationHistory.js';
import { consolidationLogPath } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { appendEffectsSync } from '../../../src/pipeline/effectLog.js';
import { consolidationFinishedRecord, consolidationStartedRecord } from '../../../src/pipeline/effectRecords.js';
import { tempDir } from '../../support/tempDir.js';

describe('consolidationHistory', () => {
  it('lists each change per memory, a merge under both names, and says which consolidation a kill cut short', () => {
    const memory = join(tempDir(), 'memory');
    const source = { session: 's-1', uuid: 'u-1', timestamp: '2026-03-01T10:00:00.000Z' };
    appendEffectsSync(consolidationLogPath(memory), [
      consolidationStartedRecord({
        runId: 'consolidation@0',
        changes: [
          { kind: 'merged', filename: 'old.md', into: 'new.md', reason: 'an older statement' },
          { kind: 'unindexed', line: '- [Old](old.md) — x', reason: 'old.md was merged into new.md' },
          { kind: 'contradicts', filename: 'new.md', reason: 'r', instruction: { file: 'CLAUDE.md', line: 3, text: 'Never x.' } },
        ],
        writes: ['new.md'],
        removes: ['old.md'],
      }),
      consolidationFinishedRecord('consolidation@0'),
      consolidationStartedRecord({
        runId: 'consolidation@1',
        changes: [{ kind: 'updated', filename: 'new.md', reason: 'a later statement', sources: [source] }],
        writes: ['new.md'],
        removes: [],
      }),
    ]);
    expect(consolidationHistory(memory)).toEqual([
      {
        runId: 'consolidation@0',
        kind: 'merged',
        file: 'old.md',
        other: 'new.md',
        reason: 'an older statement',
        sources: [],
        finished: true,
      },
      {
        runId: 'consolidation@0',
        kind: 'absorbed',
        file: 'new.md',
        other: 'old.md',
        reason: 'an older statement',
        sources: [],
        finished: true,
      },
      {
        runId: 'consolidation@0',
        kind: 'contradicts',
        file: 'new.md',
        reason: 'r',
        sources: [],
        instruction: { file: 'CLAUDE.md', line: 3, text: 'Never x.' },
        finished: true,
      },
      { runId: 'consolidation@1', kind: 'updated', file: 'new.md', reason: 'a later statement', sources: [source], finished: false },
    ]);
  });

  it('is empty for a directory never consolidated', () => {
    expect(consolidationHistory(join(tempDir(), 'memory'))).toEqual([]);
  });
});
