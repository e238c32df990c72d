import type { StagedProposal } from '../consolidation/consolidateMemory.js';
import { removeStagedDir } from '../../fs/stagedDir.js';
import { changeRecords, fileRecords } from '../consolidation/changeRecords.js';
import { nextProposalId } from './proposals.js';
import { appendReview, CURRENT_REVIEW_VERSION } from './reviewInbox.js';

export type ProposedCommit = StagedProposal;

/**
 * What a run would commit, put in the review inbox instead: each file's bytes before and after
 * kept in the blob store, the plan's changes with their sources; the staged copy is then
 * removed and the directory is left as it was (decision 80). Returns the proposal's id.
 */
export async function proposeCommit(commit: ProposedCommit): Promise<string> {
  const { memoryDir } = commit;
  const files = await fileRecords(memoryDir, commit.staging, commit.writes, commit.removes);
  const id = nextProposalId(memoryDir);
  appendReview(memoryDir, {
    v: CURRENT_REVIEW_VERSION,
    type: 'proposed',
    id,
    source: commit.source,
    time: commit.time,
    files,
    changes: changeRecords(commit.plan.changes),
    ...(commit.consumes === undefined || commit.consumes.length === 0 ? {} : { consumes: [...commit.consumes] }),
    sessionsDir: commit.sessionsDir,
  });
  await removeStagedDir(commit.staging);
  return id;
}
