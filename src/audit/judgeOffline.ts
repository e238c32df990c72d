import { countVerdicts, inReportOrder, type AuditedItem, type BoundaryAudit } from './auditItem.js';
import type { BoundaryEvidence } from './boundaryEvidence.js';
import { haystackOf, judgeCarried, restatedIn, type CarriedVerdict } from './carriedMatch.js';

/** The offline judge's name in a report. */
export const OFFLINE_JUDGE = 'offline';

/** A boundary's report, given each item's verdict on what survived (restatement is looked for the same way by every judge). */
export function boundaryAudit(evidence: BoundaryEvidence, verdicts: readonly CarriedVerdict[], judge: string): BoundaryAudit {
  const later = evidence.later.map((m) => m.text);
  const items = evidence.items.map((item, i): AuditedItem => {
    const verdict = evidence.kept.has(item.from.uuid) ? 'kept' : (verdicts[i] ?? 'lost');
    if (verdict !== 'lost') return { ...item, verdict };
    const again = item.file === true ? undefined : restatedIn(item.text, later);
    const said = again === undefined ? undefined : evidence.later[again];
    return said === undefined
      ? { ...item, verdict }
      : { ...item, verdict: 'lost-restated', restatedAt: { uuid: said.uuid, line: said.line } };
  });
  return {
    uuid: evidence.uuid,
    line: evidence.line,
    trigger: evidence.trigger,
    origin: evidence.origin,
    preTokens: evidence.preTokens,
    summaryParts: evidence.summaryParts,
    keptMessages: evidence.kept.size,
    counts: countVerdicts(items),
    items: inReportOrder(items),
    judge,
  };
}

/** Judges a boundary by terms and entities: the summary and the person's kept words are what survived (decision 78). */
export function judgeOffline(evidence: BoundaryEvidence): BoundaryAudit {
  const hay = haystackOf([evidence.summary, ...evidence.keptTexts]);
  const verdicts = evidence.items.map((item) => judgeCarried(item.text, hay, item.file === true ? { file: true } : {}).verdict);
  return boundaryAudit(evidence, verdicts, OFFLINE_JUDGE);
}
