import { join } from 'node:path';
import { isEmptyPlan, type ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { planConsolidation } from '../../consolidation/planConsolidation.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { stageDir } from '../../fs/stagedDir.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { renderTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';
import { readMemoryDirectory } from './memoryDirectory.js';
import type { ConsolidationContext, PreparedConsolidation } from './preparedConsolidation.js';

/** The lexical planner's plan for the directory as it is now (src/consolidation/planConsolidation.ts): reads, writes nothing. */
export function planLexically(context: ConsolidationContext): {
  readonly plan: ConsolidationPlan;
  readonly unreadable: readonly string[];
  readonly forms: ReturnType<typeof readMemoryDirectory>['forms'];
} {
  const dir = readMemoryDirectory(context.memoryDir);
  const unreadable = dir.unreadable.map((u) => u.filename);
  // A CLAUDE.md kept inside the memory directory is an instruction file, never a memory to rewrite or merge.
  const instructionFiles = dir.memories.filter((m) => context.isInstructionFile(m.filename)).map((m) => m.filename);
  const plan = planConsolidation({
    memories: dir.memories.filter((m) => !context.isInstructionFile(m.filename)),
    index: dir.index,
    candidates: context.candidates,
    kept: [...unreadable, ...instructionFiles],
    instructions: context.instructions.instructions,
  });
  return { plan, unreadable, forms: dir.forms };
}

/** The lexical plan, its files written into a staged copy at `staging` (none when it changes nothing); new files in `frontmatter`'s form. */
export async function prepareLexically(
  context: ConsolidationContext,
  staging: string,
  frontmatter: FrontmatterForm = 'metadata',
): Promise<PreparedConsolidation> {
  const { plan, unreadable, forms } = planLexically(context);
  if (isEmptyPlan(plan)) return { plan, unreadable, writes: [], removes: [] };
  const staged = await stageDir(context.memoryDir, staging);
  const writes: string[] = [];
  const removes: string[] = [];
  for (const [filename, file] of plan.writes) {
    if (file === null) {
      removes.push(filename);
      continue;
    }
    await atomicWrite(join(staged.path, filename), renderTopicFile(file, forms.get(filename) ?? frontmatter), 0o644);
    writes.push(filename);
  }
  if (plan.indexChanged) {
    await atomicWrite(join(staged.path, INDEX_NAME), plan.index, 0o644);
    writes.push(INDEX_NAME);
  }
  return { plan, unreadable, writes, removes };
}
