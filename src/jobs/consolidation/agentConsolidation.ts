import { existsSync } from 'node:fs';
import { z } from 'zod';
import { join, sep } from 'node:path';
import { consolidationBrief, CONSOLIDATION_SYSTEM } from '../../consolidation/agentPrompt.js';
import { ConsolidationReport, RECORD_CONSOLIDATION_TOOL } from '../../consolidation/agentReport.js';
import { planFromAgent } from '../../consolidation/planFromAgent.js';
import { MemlogError } from '../../errors.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { removeStagedDir, stageDir } from '../../fs/stagedDir.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { parseTopicFile, type TopicFile } from '../../memory/durable/topicFile.js';
import { runAgent, type AgentTool } from '../../model/agentLoop.js';
import { consolidationGate } from '../../model/consolidationGate.js';
import { ToolInputError } from '../../model/fileTools.js';
import type { ModelPort } from '../../model/port.js';
import { consolidationGrep } from './consolidationGrep.js';
import { readMemoryDirectory } from './memoryDirectory.js';
import type { ConsolidationContext, PreparedConsolidation } from './preparedConsolidation.js';
import { readRegularTextOrNullSync } from '../../fs/regularFile.js';

/** The model that consolidates, and how far it may go. */
export interface ConsolidationAgent {
  readonly model: ModelPort;
  /** Model calls at most; a run cut off changes nothing. */
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
}

export const DEFAULT_CONSOLIDATION_TURNS = 40;

/** The agent's last `record_consolidation` call, checked: a malformed one goes back to it as an error to fix. */
function reportTool(): { readonly tool: AgentTool; readonly report: () => ConsolidationReport | null } {
  let report: ConsolidationReport | null = null;
  const tool: AgentTool = {
    definition: {
      name: RECORD_CONSOLIDATION_TOOL,
      description: 'Record what this consolidation changed and why. Call it once, last.',
      inputSchema: z.toJSONSchema(ConsolidationReport),
    },
    run(input) {
      const parsed = ConsolidationReport.safeParse(input);
      if (!parsed.success)
        return Promise.reject(
          new ToolInputError(
            `the report does not have the right shape: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          ),
        );
      report = parsed.data;
      return Promise.resolve(`Recorded ${parsed.data.changes.length} change(s).`);
    },
  };
  return { tool, report: () => report };
}

const readOr = (path: string, fallback: string): string => readRegularTextOrNullSync(path) ?? fallback;

/**
 * Runs the consolidation agent on a staged copy of the memory directory (`workspace`) and turns
 * what it left there into a plan (`planFromAgent`): the agent reads the directory, greps the
 * project's recent sessions, writes and deletes `.md` memory files in its copy through the
 * consolidation gate, and reports each change with its reason and sources. The index is then
 * kept within Claude Code's limits, in the copy. Nothing outside the copy is written; on any
 * failure (a model error, a run cut off, a memory left unreadable) the copy is removed and the
 * error thrown.
 */
export async function prepareWithAgent(
  context: ConsolidationContext,
  agent: ConsolidationAgent,
  workspace: string,
): Promise<PreparedConsolidation> {
  const { memoryDir } = context;
  const staged = await stageDir(memoryDir, workspace);
  try {
    const dir = readMemoryDirectory(workspace);
    const unreadable = dir.unreadable.map((u) => u.filename);
    const instructionFiles = dir.memories.filter((m) => context.isInstructionFile(m.filename)).map((m) => m.filename);
    const kept = [...unreadable, ...instructionFiles];
    const memories = dir.memories.filter((m) => !context.isInstructionFile(m.filename));
    const form = dir.forms.get(memories[0]?.filename ?? '') ?? 'metadata';
    const brief = consolidationBrief({
      memoryDir,
      sessionsDir: context.sessionsDir,
      now: context.now.toISOString(),
      memories: memories.map((m) => ({ filename: m.filename, type: m.file.type, description: m.file.description })),
      hasIndex: existsSync(join(workspace, INDEX_NAME)),
      kept: [
        ...dir.unreadable.map((u) => ({ filename: u.filename, reason: `memlog cannot read it (${u.reason})` })),
        ...instructionFiles.map((filename) => ({ filename, reason: 'an instruction file' })),
      ],
      sessions: context.sessions.map((s) => ({ id: s.id, modified: s.modified.toISOString() })),
      since: context.since?.toISOString() ?? null,
      instructionFiles: context.instructions.files,
      instructions: context.instructions.instructions,
      candidates: context.candidates,
      form,
    });
    const reported = reportTool();
    const maxTurns = agent.maxTurns ?? DEFAULT_CONSOLIDATION_TURNS;
    const run = await runAgent({
      model: agent.model,
      system: CONSOLIDATION_SYSTEM,
      messages: [{ role: 'user', content: brief }],
      tools: ['Read', 'Glob', 'Grep', 'Write', 'Edit', 'Delete', RECORD_CONSOLIDATION_TOOL],
      customTools: {
        Grep: consolidationGrep({ workspace, sessions: context.sessions.map((s) => s.path) }),
        [RECORD_CONSOLIDATION_TOOL]: reported.tool,
      },
      gate: consolidationGate({
        memoryDir,
        workspace,
        sessionsDir: context.sessionsDir,
        instructionFiles: context.instructions.files,
        protectedFiles: kept,
        pathless: [RECORD_CONSOLIDATION_TOOL],
      }),
      maxTurns,
      maxTokens: 8192,
      ...(agent.signal === undefined ? {} : { signal: agent.signal }),
    });
    if (run.stop !== 'done')
      throw new MemlogError('model', `the consolidation agent did not finish within ${maxTurns} model calls; nothing was changed`);

    const written = new Map<string, TopicFile>();
    for (const change of await staged.changes()) {
      if (change.file.includes(sep) || !change.file.endsWith('.md') || change.file === INDEX_NAME) continue;
      const parsed = parseTopicFile(change.content.toString('utf8'), change.file.replace(/\.md$/, ''));
      if (!parsed.ok)
        throw new MemlogError(
          'bad_output',
          `the consolidation agent left ${change.file} unreadable as a memory (${parsed.reason}); nothing was changed`,
        );
      written.set(change.file, parsed.file);
    }
    const before = new Map(memories.map((m) => [m.filename, m.file]));
    const indexPath = join(workspace, INDEX_NAME);
    const { plan, restored } = planFromAgent({
      before,
      written,
      deleted: [...before.keys()].filter((filename) => !existsSync(join(workspace, filename))),
      indexBefore: dir.index,
      index: readOr(indexPath, ''),
      report: reported.report(),
      kept,
      instructions: context.instructions.instructions,
      sessions: new Set([...context.sessions.map((s) => s.id), ...context.candidates.flatMap((c) => c.sources.map((s) => s.session))]),
    });
    // The index as the plan has it (within limits, a line per memory), in the copy, to be moved in last.
    if (plan.indexChanged && readOr(indexPath, '') !== plan.index) await atomicWrite(indexPath, plan.index, 0o644);
    const writes = [...plan.writes].flatMap(([filename, file]) => (file === null ? [] : [filename])).sort();
    const removes = [...plan.writes].flatMap(([filename, file]) => (file === null ? [filename] : [])).sort();
    return {
      plan,
      unreadable,
      writes: plan.indexChanged ? [...writes, INDEX_NAME] : writes,
      removes,
      agent: {
        model: agent.model.name,
        turns: run.turns,
        tokens: { input: run.usage.inputTokens, output: run.usage.outputTokens },
        summary: reported.report()?.summary ?? null,
        restored,
        denied: run.toolCalls.filter((c) => !c.allowed).length,
      },
    };
  } catch (error) {
    await removeStagedDir(workspace).catch(() => undefined);
    throw error;
  }
}
