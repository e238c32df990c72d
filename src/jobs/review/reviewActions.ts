import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MemlogError } from '../../errors.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { mkdirSync } from '../../fs/faultableFs.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { removeStagedDir, stagedDirPath } from '../../fs/stagedDir.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { readEffectLog } from '../../pipeline/effectLog.js';
import { nextRunId } from '../../pipeline/effectRecords.js';
import { commitConsolidation } from '../consolidation/commitConsolidation.js';
import { acquireConsolidationLock } from '../consolidation/consolidationLock.js';
import { finishCutShort } from '../consolidation/cutShort.js';
import { readBlob, saveBlob, type FileSnapshot } from '../records/blobStore.js';
import { proposals, type Proposal } from './proposals.js';
import { appendReview, CURRENT_REVIEW_VERSION } from './reviewInbox.js';

/** What accepting one proposal did. */
export type AcceptOutcome =
  | { readonly id: string; readonly status: 'accepted'; readonly runId: string }
  | { readonly id: string; readonly status: 'stale'; readonly files: readonly string[] };

function pending(memoryDir: string, id: string): Proposal {
  const proposal = proposals(memoryDir).find((p) => p.id === id);
  if (proposal === undefined) throw new MemlogError('not_found', `no proposal ${JSON.stringify(id)} (memlog review lists them)`);
  if (proposal.status !== 'pending') throw new MemlogError('invalid_argument', `${id} is already ${proposal.status}`);
  return proposal;
}

/** The proposal's bytes staged beside the directory, and what it writes and removes. */
async function stageProposal(memoryDir: string, staging: string, files: readonly FileSnapshot[]) {
  await removeStagedDir(staging);
  mkdirSync(staging, { recursive: true });
  const writes: string[] = [];
  const removes: string[] = [];
  for (const f of files) {
    if (f.after === null) {
      removes.push(f.file);
      continue;
    }
    const bytes = readBlob(memoryDir, f.after);
    if (bytes === null) throw new MemlogError('not_found', `the proposed bytes of ${f.file} are no longer kept`);
    mkdirSync(dirname(join(staging, f.file)), { recursive: true });
    await atomicWrite(join(staging, f.file), bytes, 0o644);
    writes.push(f.file);
  }
  return { writes, removes };
}

/**
 * Applies a pending proposal through the directory's one commit path, as a run of its own
 * (`review@N`, undoable); a stale one (a file changed since it was proposed) is not applied
 * and says which files (decision 80).
 */
export async function acceptProposal(memoryDir: string, id: string, now: Date = new Date()): Promise<AcceptOutcome> {
  const lock = await acquireConsolidationLock(memoryDir, now);
  if (!lock.ok) throw new MemlogError('invalid_argument', lock.reason);
  try {
    const logPath = consolidationLogPath(memoryDir);
    await finishCutShort(memoryDir, logPath, readEffectLog(logPath).records);
    const proposal = pending(memoryDir, id);
    if (proposal.stale.length > 0) return { id, status: 'stale', files: proposal.stale };
    const runIds = readEffectLog(logPath).records.flatMap((r) => (r.type === 'consolidation_started' ? [r.runId] : []));
    const runId = nextRunId('review', runIds.filter((r) => r.startsWith('review@')).length, new Set(runIds));
    const staging = stagedDirPath(memoryDir, runId);
    const { writes, removes } = await stageProposal(memoryDir, staging, proposal.files);
    await commitConsolidation({
      memoryDir,
      logPath,
      runId,
      plan: { records: proposal.changes },
      writes,
      removes,
      time: now.toISOString(),
      ...(proposal.consumes.length === 0 ? {} : { consumes: proposal.consumes }),
    });
    appendReview(memoryDir, { v: CURRENT_REVIEW_VERSION, type: 'accepted', id, runId });
    return { id, status: 'accepted', runId };
  } finally {
    await lock.release(false);
  }
}

export function rejectProposal(memoryDir: string, id: string): void {
  pending(memoryDir, id);
  appendReview(memoryDir, { v: CURRENT_REVIEW_VERSION, type: 'rejected', id });
}

/**
 * Opens the proposed text of each file a proposal writes in the person's editor (one call, the
 * files as its arguments, in a scratch folder), and keeps what they saved as the proposal.
 */
export async function editProposal(memoryDir: string, id: string, editor: string): Promise<readonly string[]> {
  const proposal = pending(memoryDir, id);
  const scratch = mkdtempSync(join(tmpdir(), 'memlog-review-'));
  try {
    const written = proposal.files.filter((f): f is FileSnapshot & { after: string } => f.after !== null);
    const paths: string[] = [];
    for (const f of written) {
      const path = join(scratch, f.file);
      mkdirSync(dirname(path), { recursive: true });
      await atomicWrite(path, readBlob(memoryDir, f.after) ?? '', 0o644);
      paths.push(path);
    }
    const run = spawnSync(`${editor} ${paths.map((p) => `'${p.replace(/'/g, `'\\''`)}'`).join(' ')}`, { shell: true, stdio: 'inherit' });
    if (run.status !== 0)
      throw new MemlogError('invalid_argument', `the editor (${editor}) exited with ${run.status ?? run.signal}: nothing kept`);
    const changed: string[] = [];
    const files: FileSnapshot[] = [];
    for (const f of proposal.files) {
      const bytes = f.after === null ? null : readOrNullSync(join(scratch, f.file));
      const after = bytes === null ? f.after : await saveBlob(memoryDir, bytes);
      if (after !== f.after) changed.push(f.file);
      files.push({ file: f.file, before: f.before, after });
    }
    if (changed.length > 0) appendReview(memoryDir, { v: CURRENT_REVIEW_VERSION, type: 'edited', id, files });
    return changed;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
