/** The compaction audit: what the person established before each boundary, and whether it survived (decision 78). */
export {
  VERDICTS,
  countVerdicts,
  type AuditItem,
  type AuditItemKind,
  type AuditedItem,
  type BoundaryAudit,
  type CompactionOrigin,
  type EntryPlace,
  type SessionAudit,
  type Verdict,
  type VerdictCounts,
} from './auditItem.js';
export { auditTranscript, auditEntries, type AuditOptions, type BoundaryJudge } from './auditTranscript.js';
export type { BoundaryEvidence } from './boundaryEvidence.js';
export { judgeOffline, boundaryAudit, OFFLINE_JUDGE } from './judgeOffline.js';
export { haystackOf, judgeCarried, restatedIn, type CarriedVerdict, type CarriedJudgement, type Haystack } from './carriedMatch.js';
export { formatSessionAudit } from './formatAudit.js';
export { modelJudge, type ModelJudgeOptions } from './modelJudge.js';
