import { readTranscriptSync } from '../transcript/readTranscript.js';
import type { BoundaryAudit, SessionAudit } from './auditItem.js';
import { BoundaryEvidenceFold, type BoundaryEvidence } from './boundaryEvidence.js';
import { judgeOffline } from './judgeOffline.js';

/** Judges one compaction: offline at once, or by a model. */
export type BoundaryJudge = (evidence: BoundaryEvidence) => BoundaryAudit | Promise<BoundaryAudit>;

export interface AuditOptions {
  readonly judge?: BoundaryJudge;
  /** Called with the byte offset of each line read, for a progress display. */
  readonly onRead?: (bytes: number) => void;
}

/**
 * Audits every compaction of one transcript in one streaming pass: per boundary, what the person
 * established before it and whether the summary or the kept messages carry it (decision 78).
 * Unreadable files throw; bad lines are counted, never fatal.
 */
export async function auditTranscript(file: string, options: AuditOptions = {}): Promise<SessionAudit> {
  const judge = options.judge ?? judgeOffline;
  const audits: Array<BoundaryAudit | Promise<BoundaryAudit>> = [];
  const fold = new BoundaryEvidenceFold((evidence) => audits.push(judge(evidence)));
  let unreadableLines = 0;
  for (const item of readTranscriptSync(file)) {
    options.onRead?.(item.offset);
    if (item.kind === 'diagnostic') unreadableLines++;
    else fold.add(item.line, item.entry);
  }
  fold.finish();
  return { file, sessionId: fold.sessionId, boundaries: await Promise.all(audits.map(async (audit) => audit)), unreadableLines };
}

/** The same audit over entries already in memory (tests, the library). */
export function auditEntries(entries: Iterable<{ readonly line: number; readonly entry: BoundaryEntry }>): BoundaryAudit[] {
  const audits: BoundaryAudit[] = [];
  const fold = new BoundaryEvidenceFold((evidence) => audits.push(judgeOffline(evidence)));
  for (const { line, entry } of entries) fold.add(line, entry);
  fold.finish();
  return audits;
}

type BoundaryEntry = Parameters<BoundaryEvidenceFold['add']>[1];
