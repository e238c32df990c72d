import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isEmptyPlan, type ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { planConsolidation } from '../../consolidation/planConsolidation.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { removeStrayTempFiles } from '../../fs/strayTempFiles.js';
import { rm } from '../../fs/faultableFs.js';
import { applyStagedFiles, removeStagedLeftovers, stageDir, stagedDirPath } from '../../fs/stagedDir.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { renderTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';
import { appendEffectsSync, readEffectLog } from '../../pipeline/effectLog.js';
import { consolidationFinishedRecord, consolidationStartedRecord, nextRunId } from '../../pipeline/effectRecords.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { changeRecords } from './changeRecords.js';
import { acquireConsolidationLock, readConsolidationLock } from './consolidationLock.js';
import { cutShort, finishCutShort } from './cutShort.js';
import { readMemoryDirectory } from './memoryDirectory.js';
import { projectInstructions } from './projectInstructions.js';

/** Claude Code's gates for its background consolidation (2.1.332): at least a day and five sessions since the last. */
export const DEFAULT_MIN_HOURS = 24;
export const DEFAULT_MIN_SESSIONS = 5;

export interface ConsolidateOptions {
  readonly memoryDir: string;
  /** Where the project's sessions are (Claude Code's layout: the folder the memory directory is in). */
  readonly sessionsDir?: string;
  /** New statements to merge in (backfill's first phase); none: the directory is consolidated as it is. */
  readonly candidates?: readonly MemoryCandidate[];
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
      readonly status: 'planned' | 'consolidated' | 'unchanged';
      readonly plan: ConsolidationPlan;
      readonly unreadable: readonly string[];
      /** The CLAUDE.md files the memories were checked against. */
      readonly claudeMd: readonly string[];
      readonly finished: readonly string[];
      readonly runId?: string;
    };

/** The consolidation log of a memory directory: beside it, so the directory holds only what Claude Code expects there. */
export const consolidationLogPath = (memoryDir: string): string =>
  join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-consolidation.jsonl`);

const hours = (ms: number): string => `${Math.floor(ms / 3_600_000)} h`;

/** Sessions in the project touched since the last consolidation, or null when there are none to count. */
function sessionsSince(sessionsDir: string, since: Date | null): number | null {
  if (!existsSync(sessionsDir)) return null;
  // Sessions only: memlog's own logs beside them (this consolidation's among them) are not sessions.
  const sessions = readdirSync(sessionsDir).filter(isSessionFileName);
  if (sessions.length === 0) return null;
  return sessions.filter((name) => since === null || statSync(join(sessionsDir, name)).mtime > since).length;
}

/** Why the gates hold a consolidation back now, or null when it may run. */
function gateReason(options: ConsolidateOptions, now: Date): string | null {
  const lock = readConsolidationLock(options.memoryDir, now);
  if (lock.heldBy !== null) return `another consolidation (pid ${lock.heldBy}) is running`;
  if (options.force === true || lock.lastConsolidatedAt === null) return null;
  const minHours = options.minHours ?? DEFAULT_MIN_HOURS;
  const since = now.getTime() - lock.lastConsolidatedAt.getTime();
  if (since < minHours * 3_600_000) return `consolidated ${hours(since)} ago; it runs every ${minHours} h (--force to run now)`;
  const sessions = sessionsSince(options.sessionsDir ?? dirname(options.memoryDir), lock.lastConsolidatedAt);
  const minSessions = options.minSessions ?? DEFAULT_MIN_SESSIONS;
  if (sessions !== null && sessions < minSessions)
    return `${sessions} session${sessions === 1 ? '' : 's'} since the last consolidation; it waits for ${minSessions} (--force to run now)`;
  return null;
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

/** Real paths that exist; the others as they are. */
const real = (path: string): string => (existsSync(path) ? realpathSync(path) : path);

/**
 * Consolidates one memory directory, as Claude Code's background "dream" does and sharing its
 * lock: the same thing said twice becomes one memory, the newest statement of a fact wins,
 * relative dates become absolute, a memory that contradicts the project's CLAUDE.md is noted
 * (CLAUDE.md is only read), the index gets one short line per memory within its limits.
 * Only `.md` files inside the directory are written or removed. The plan is recorded in the
 * consolidation log (its commit point) once the new files are staged and before any is moved
 * into place; a run killed before that leaves the directory as it was, one killed after is
 * finished by the next run, gates or not. `dryRun` plans and writes nothing.
 */
export async function consolidateMemory(options: ConsolidateOptions): Promise<ConsolidateResult> {
  const { memoryDir } = options;
  const now = (options.now ?? (() => new Date()))();
  const gate = gateReason(options, now);
  if (gate !== null)
    return {
      status: 'skipped',
      reason: gate,
      finished: options.dryRun === true ? [] : await finishCommittedConsolidations(memoryDir, now),
    };
  const instructions = projectInstructions({ sessionsDir: options.sessionsDir ?? dirname(memoryDir), named: options.claudeMd ?? [] });
  const claudeMd = new Set(instructions.files);
  const plan = () => {
    const dir = readMemoryDirectory(memoryDir);
    // A CLAUDE.md kept inside the memory directory is an instruction file, never a memory to rewrite or merge.
    const isInstructionFile = (filename: string) => claudeMd.has(real(join(memoryDir, filename)));
    const unreadable = dir.unreadable.map((u) => u.filename);
    const kept = [...unreadable, ...dir.memories.filter((m) => isInstructionFile(m.filename)).map((m) => m.filename)];
    const made = planConsolidation({
      memories: dir.memories.filter((m) => !isInstructionFile(m.filename)),
      index: dir.index,
      candidates: options.candidates ?? [],
      kept,
      instructions: instructions.instructions,
    });
    return { plan: made, unreadable, forms: dir.forms };
  };
  const checked = [...claudeMd];
  if (options.dryRun === true) {
    const planned = plan();
    return { status: 'planned', plan: planned.plan, unreadable: planned.unreadable, claudeMd: checked, finished: [] };
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
    const { plan: made, unreadable, forms } = plan();
    if (isEmptyPlan(made)) {
      succeeded = true;
      return { status: 'unchanged', plan: made, unreadable, claudeMd: checked, finished };
    }
    const runId = nextRunId(
      'consolidation',
      records.filter((r) => r.type === 'consolidation_started').length,
      new Set(records.flatMap((r) => (r.type === 'consolidation_started' ? [r.runId] : []))),
    );
    const staging = stagedDirPath(memoryDir, runId);
    const staged = await stageDir(memoryDir, staging);
    const writes: string[] = [];
    const removes: string[] = [];
    for (const [filename, file] of made.writes) {
      if (file === null) {
        removes.push(filename);
        continue;
      }
      await atomicWrite(
        join(staged.path, filename),
        renderTopicFile(file, forms.get(filename) ?? options.frontmatter ?? 'metadata'),
        0o644,
      );
      writes.push(filename);
    }
    if (made.indexChanged) {
      await atomicWrite(join(staged.path, INDEX_NAME), made.index, 0o644);
      writes.push(INDEX_NAME);
    }
    appendEffectsSync(logPath, [
      consolidationStartedRecord({
        runId,
        changes: changeRecords(made.changes),
        writes,
        removes,
        ...(options.consumes === undefined ? {} : { consumes: options.consumes }),
      }),
    ]);
    await applyStagedFiles(staging, memoryDir, writes);
    for (const filename of removes) await rm(join(memoryDir, filename), { force: true });
    appendEffectsSync(logPath, [consolidationFinishedRecord(runId)]);
    succeeded = true;
    return { status: 'consolidated', plan: made, unreadable, claudeMd: checked, finished, runId };
  } finally {
    await lock.release(succeeded);
  }
}
