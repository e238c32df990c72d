import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { stampTopicFile } from '../../memory/durable/frontmatterStamp.js';
import { stripHarnessTags } from '../../memory/durable/harnessTags.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';

const readOrNull = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

/** The newest session a plan cites for a file: where the memory came from, when it names none. */
function sourceSession(plan: ConsolidationPlan, filename: string): string | null {
  let session: string | null = null;
  for (const change of plan.changes)
    if ('sources' in change && change.filename === filename) session = change.sources.at(-1)?.session ?? session;
  return session;
}

/**
 * A consolidation's staged files as memlog writes memory (spec-2.1.332 §3): harness tags
 * stripped, slug names, the origin session kept or taken from the plan's sources. `modified` is
 * filled in only where the planner left none: memlog's planner stamps when a fact was last said
 * and picks the newest statement by it, so the run's own time must not replace it (decision).
 */
export async function stampConsolidationWrites(
  staging: string,
  memoryDir: string,
  plan: ConsolidationPlan,
  writes: readonly string[],
  now: Date,
): Promise<void> {
  for (const filename of writes) {
    if (!filename.endsWith('.md')) continue;
    const path = join(staging, filename);
    const text = await readOrNull(path);
    if (text === null) continue;
    const finished =
      filename === INDEX_NAME
        ? stripHarnessTags(text)
        : stampTopicFile(text, {
            now: now.toISOString(),
            sessionId: sourceSession(plan, filename),
            previous: await readOrNull(join(memoryDir, filename)),
            filename,
            keepModified: true,
          });
    if (finished !== text) await atomicWrite(path, finished);
  }
}
