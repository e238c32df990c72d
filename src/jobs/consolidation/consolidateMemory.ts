import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { removeBlobLeftovers } from '../records/blobStore.js';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isEmptyPlan, type ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { rm } from '../../fs/faultableFs.js';
import { removeStrayTempFiles } from '../../fs/strayTempFiles.js';
import { removeStagedDir, removeStagedLeftovers, stagedDirPath } from '../../fs/stagedDir.js';
import { readEffectLog } from '../../pipeline/effectLog.js';
import { nextRunId } from '../../pipeline/effectRecords.js';
import { prepareWithAgent, type ConsolidationAgent } from './agentConsolidation.js';
import { candidatesWithoutSecrets } from './candidateSecrets.js';
import { commitConsolidation } from './commitConsolidation.js';
import { gateReason, sessionsSince } from './consolidationGates.js';
import { acquireConsolidationLock, readConsolidationLock } from './consolidationLock.js';
import { cutShort, finishCutShort } from './cutShort.js';
import { planLexically, prepareLexically } from './lexicalConsolidation.js';
import type { AgentSummary, ConsolidationContext, PreparedConsolidation } from './preparedConsolidation.js';
import { projectInstructions } from './projectInstructions.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import { backfillIndexRecorded } from '../records/recordedIndexBackfill.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { stampConsolidationWrites } from './stampConsolidation.js';

export { DEFAULT_MIN_HOURS, DEFAULT_MIN_SESSIONS } from './consolidationGates.js';

export interface ConsolidateOptions {
  readonly memoryDir: string;
  /** Where the project's sessions are (Claude Code's layout: the folder the memory directory is in). */
  readonly sessionsDir?: string;
  /** New statements to merge in (backfill's first phase); none: the directory is consolidated as it is. */
  readonly candidates?: readonly MemoryCandidate[];
  /** A model to consolidate with, as an agent through gated tools; none: the lexical planner (offline, deterministic). */
  readonly agent?: ConsolidationAgent;
  readonly dryRun?: boolean;
  /** Run whatever the gates say (a live holder of the lock still stops it). */
  readonly force?: boolean;
  readonly minHours?: number;
  readonly minSessions?: number;
  /** CLAUDE.md files to check the memories against, besides the ones the project's sessions lead to. */
  readonly claudeMd?: readonly string[];
  /** The frontmatter of files it creates (a file it rewrites keeps its own); default: metadata, as current Claude Code writes. */
  readonly frontmatter?: FrontmatterForm;
  /** Backfill's candidate chunks the candidates came from: named in the commit record, so they are consumed exactly when it commits. */
  readonly consumes?: readonly string[];
  /** Put the changes in the review inbox instead of the directory (decision 80): the inbox's writer, given the staged commit; `reviewSource` names the command. */
  readonly review?: (commit: StagedProposal) => Promise<string>;
  readonly reviewSource?: string;
  readonly now?: () => Date;
}

export type ConsolidateResult =
  | {
      readonly status: 'skipped';
      readonly reason: string;
      /** Consolidations killed after their commit, finished now (the gates hold back a new one, not the end of an old one). */
      readonly finished: readonly string[];
    }
  | {
      readonly status: 'planned' | 'consolidated' | 'unchanged' | 'proposed';
      /** `proposed`: the proposal's id in the review inbox. */
      readonly proposal?: string;
      readonly plan: ConsolidationPlan;
      readonly unreadable: readonly string[];
      /** The CLAUDE.md files the memories were checked against. */
      readonly claudeMd: readonly string[];
      readonly finished: readonly string[];
      readonly runId?: string;
      /** What the agent said and spent, when a model consolidated. */
      readonly agent?: AgentSummary;
      /** Candidates left out because they hold a secret: `name:line: label (rule)`, never the value. */
      readonly refused?: readonly string[];
    };

export { consolidationLogPath } from '../../memory/durable/memoryPaths.js';

/** A staged commit handed to the review inbox instead of the directory (decision 80). */
export interface StagedProposal {
  readonly memoryDir: string;
  readonly staging: string;
  readonly plan: ConsolidationPlan;
  readonly writes: readonly string[];
  readonly removes: readonly string[];
  readonly consumes?: readonly string[];
  readonly source: string;
  readonly time: string;
  readonly sessionsDir: string;
}

/**
 * Finishes, under the lock, what a killed run committed: the directory must not stay half
 * moved in until the gates next open. The lock's time is put back afterwards: the consolidation
 * happened when the killed run made its plan, not now. Returns the run ids finished; nothing
 * is taken or written when no run was cut short.
 */
export async function finishCommittedConsolidations(memoryDir: string, now: Date = new Date()): Promise<string[]> {
  const logPath = consolidationLogPath(memoryDir);
  if (cutShort(readEffectLog(logPath).records).length === 0) return [];
  const lock = await acquireConsolidationLock(memoryDir, now);
  if (!lock.ok) return [];
  try {
    // Read again under the lock: another run may have finished it meanwhile.
    return await finishCutShort(memoryDir, logPath, readEffectLog(logPath).records);
  } finally {
    await lock.release(false);
  }
}

/**
 * Runs what comes before the commit point; when it fails, its run copy goes with it (nothing of
 * it was recorded, so nothing will ever move it in), and the error goes on.
 */
async function beforeCommit<T>(staging: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await removeStagedDir(staging).catch(() => undefined);
    throw error;
  }
}

/** Real paths that exist; the others as they are. */
const real = (path: string): string => (existsSync(path) ? realpathSync(path) : path);

/** The agent's plan for a dry run: it works in a copy away from the directory, thrown away after. */
async function dryRunAgent(context: ConsolidationContext, agent: ConsolidationAgent): Promise<PreparedConsolidation> {
  const scratch = mkdtempSync(join(tmpdir(), 'memlog-consolidate-'));
  try {
    return await prepareWithAgent(context, agent, join(scratch, basename(context.memoryDir)));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Consolidates one memory directory, as Claude Code's background "dream" does and sharing its
 * lock: the same thing said twice becomes one memory, the newest statement of a fact wins,
 * relative dates become absolute, a memory that contradicts the project's CLAUDE.md is noted
 * (CLAUDE.md is only read), the index gets one short line per memory within its limits. The
 * plan comes from the lexical planner, or from a model run as an agent (`agent`) on a staged
 * copy; either way only `.md` files inside the directory are written or removed, and the plan
 * is recorded in the consolidation log (its commit point) once the new files are staged and
 * before any is moved into place. A run that fails or is killed before that leaves the
 * directory as it was; one killed after is finished by the next run, gates or not. `dryRun`
 * plans and writes nothing.
 */
export async function consolidateMemory(options: ConsolidateOptions): Promise<ConsolidateResult> {
  const { memoryDir } = options;
  const now = (options.now ?? (() => new Date()))();
  const sessionsDir = options.sessionsDir ?? dirname(memoryDir);
  const lockState = readConsolidationLock(memoryDir, now);
  const gate = gateReason({ ...options, sessionsDir }, lockState, now);
  if (gate !== null)
    return {
      status: 'skipped',
      reason: gate,
      finished: options.dryRun === true ? [] : await finishCommittedConsolidations(memoryDir, now),
    };
  const instructions = projectInstructions({ sessionsDir, named: options.claudeMd ?? [] });
  const claudeMd = new Set(instructions.files);
  const screened = await candidatesWithoutSecrets(options.candidates ?? []);
  const refused = screened.refused.length === 0 ? {} : { refused: screened.refused };
  const context: ConsolidationContext = {
    memoryDir,
    sessionsDir,
    candidates: screened.kept,
    instructions,
    isInstructionFile: (filename) => claudeMd.has(real(join(memoryDir, filename))),
    sessions: sessionsSince(sessionsDir, lockState.lastConsolidatedAt),
    since: lockState.lastConsolidatedAt,
    now,
  };
  const checked = [...claudeMd];
  const { agent } = options;
  if (options.dryRun === true) {
    const planned = agent === undefined ? planLexically(context) : await dryRunAgent(context, agent);
    return {
      status: 'planned',
      plan: planned.plan,
      unreadable: planned.unreadable,
      claudeMd: checked,
      finished: [],
      ...refused,
      ...('agent' in planned && planned.agent !== undefined ? { agent: planned.agent } : {}),
    };
  }

  const lock = await acquireConsolidationLock(memoryDir, now);
  if (!lock.ok) return { status: 'skipped', reason: lock.reason, finished: [] };
  let succeeded = false;
  try {
    const logPath = consolidationLogPath(memoryDir);
    const records = readEffectLog(logPath).records;
    const finished = await finishCutShort(memoryDir, logPath, records);
    await removeStagedLeftovers(memoryDir);
    await removeStrayTempFiles(memoryDir);
    await removeBlobLeftovers(memoryDir);
    // Counted among consolidations only: undo, review and index runs share the log (decision 79).
    const runId = nextRunId(
      'consolidation',
      records.filter((r) => r.type === 'consolidation_started' && r.runId.startsWith('consolidation@')).length,
      new Set(records.flatMap((r) => (r.type === 'consolidation_started' ? [r.runId] : []))),
    );
    const staging = stagedDirPath(memoryDir, runId);
    // Claude Code 2.1.332 gives a directory of topic files its missing index before its writers run.
    await backfillIndexRecorded(memoryDir, now);
    const prepared = await beforeCommit(staging, async () => {
      const ready =
        agent === undefined
          ? await prepareLexically(context, staging, options.frontmatter)
          : await prepareWithAgent(context, agent, staging);
      if (!isEmptyPlan(ready.plan)) await stampConsolidationWrites(staging, memoryDir, ready.plan, ready.writes, now, options.frontmatter);
      return ready;
    });
    const result = {
      plan: prepared.plan,
      unreadable: prepared.unreadable,
      claudeMd: checked,
      finished,
      ...refused,
      ...(prepared.agent === undefined ? {} : { agent: prepared.agent }),
    };
    if (isEmptyPlan(prepared.plan)) {
      await removeStagedDir(staging);
      succeeded = true;
      return { status: 'unchanged', ...result };
    }
    if (options.review !== undefined) {
      const proposal = await options.review({
        memoryDir,
        staging,
        plan: prepared.plan,
        writes: prepared.writes,
        removes: prepared.removes,
        ...(options.consumes === undefined ? {} : { consumes: options.consumes }),
        source: options.reviewSource ?? 'consolidate',
        time: now.toISOString(),
        sessionsDir,
      });
      // Nothing was consolidated: the lock's time goes back, so the gates still see the last real one.
      return { status: 'proposed', ...result, proposal };
    }
    await commitConsolidation({
      memoryDir,
      logPath,
      runId,
      plan: prepared.plan,
      writes: prepared.writes,
      removes: prepared.removes,
      ...(options.consumes === undefined ? {} : { consumes: options.consumes }),
      time: now.toISOString(),
    });
    succeeded = true;
    return { status: 'consolidated', ...result, runId };
  } finally {
    await lock.release(succeeded);
  }
}
