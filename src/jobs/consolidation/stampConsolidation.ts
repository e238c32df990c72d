import { join } from 'node:path';
import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { originOf, type SourceRef } from '../../consolidation/memoryCandidate.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { stampTopicFile } from '../../memory/durable/frontmatterStamp.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import { stripHarnessTags } from '../../memory/durable/harnessTags.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { readRegularFile } from '../../fs/regularFile.js';

const readOrNull = (path: string): Promise<string | null> => readRegularFile(path, 'utf8').catch(() => null);
const originOrNull = (source: SourceRef | null): string | null => (source === null ? null : originOf(source));

/** The last source a plan cites for a file: the session the memory came from and when it was said, when the file names neither. */
function lastSource(plan: ConsolidationPlan, filename: string): SourceRef | null {
  let source: SourceRef | null = null;
  for (const change of plan.changes) if ('sources' in change && change.filename === filename) source = change.sources.at(-1) ?? source;
  return source;
}

/**
 * A consolidation's staged files as memlog writes memory (spec-2.1.332 §3): harness tags
 * stripped, slug names, the origin session kept or taken from the plan's sources. `modified` is
 * filled in only where the planner left none, with when the plan's last source said it (else the
 * run's time): memlog's planner reads `modified` as when a fact was last said and lets the newest
 * statement win, so the run's own time must not make an old fact look new.
 */
export async function stampConsolidationWrites(
  staging: string,
  memoryDir: string,
  plan: ConsolidationPlan,
  writes: readonly string[],
  now: Date,
  newFileForm: FrontmatterForm = 'metadata',
): Promise<void> {
  for (const filename of writes) {
    if (!filename.endsWith('.md')) continue;
    const path = join(staging, filename);
    const text = await readOrNull(path);
    if (text === null) continue;
    const previous = await readOrNull(join(memoryDir, filename));
    const finished =
      filename === INDEX_NAME
        ? stripHarnessTags(text)
        : stampTopicFile(text, {
            now: lastSource(plan, filename)?.timestamp ?? now.toISOString(),
            sessionId: originOrNull(lastSource(plan, filename)),
            previous,
            filename,
            keepModified: true,
            // A new file takes the form the run was asked for; a rewritten one moves to metadata, as Claude Code's writes do.
            ...(previous === null ? { form: newFileForm } : {}),
          });
    if (finished !== text) await atomicWrite(path, finished);
  }
}
