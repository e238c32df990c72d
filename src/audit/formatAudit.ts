import type { AuditedItem, BoundaryAudit, SessionAudit } from './auditItem.js';

const LABEL: Readonly<Record<AuditedItem['verdict'], string>> = {
  'lost-restated': 'lost, restated',
  lost: 'lost',
  paraphrased: 'paraphrased',
  kept: 'kept',
};

const quoted = (text: string, max = 120): string => `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;

function boundaryHeading(boundary: BoundaryAudit, n: number): string {
  const who = boundary.origin === 'memlog' ? 'memlog' : 'Claude Code';
  const how = [boundary.trigger, who].filter((part) => part !== null).join(', ');
  const tokens = boundary.preTokens === null ? '' : `, ${boundary.preTokens.toLocaleString('en-US')} tokens before`;
  const parts = boundary.summaryParts > 1 ? `, summary in ${boundary.summaryParts} parts` : '';
  const { counts } = boundary;
  const lost = counts.lost + counts['lost-restated'];
  const restated = counts['lost-restated'] > 0 ? ` (${counts['lost-restated']} restated)` : '';
  return `  compaction ${n} at line ${boundary.line} (${how}${tokens}${parts}): ${counts.kept} kept, ${counts.paraphrased} paraphrased, ${lost} lost${restated}`;
}

function itemLine(item: AuditedItem): string {
  const again = item.restatedAt === undefined ? '' : `, said again at line ${item.restatedAt.line}`;
  return `    ${LABEL[item.verdict].padEnd(15)} ${item.kind.padEnd(10)} ${quoted(item.text)} (line ${item.from.line}${again})`;
}

/** A session's audit as people read it: per compaction the counts, then the lost items (restated first) with where they were said. */
export function formatSessionAudit(audit: SessionAudit, options: { readonly all?: boolean } = {}): string {
  const lines = [audit.file, `  session ${audit.sessionId ?? '(none)'}`];
  if (audit.boundaries.length === 0) lines.push('  no compaction');
  audit.boundaries.forEach((boundary, i) => {
    lines.push(boundaryHeading(boundary, i + 1));
    const shown = boundary.items.filter((item) => options.all === true || item.verdict === 'lost' || item.verdict === 'lost-restated');
    for (const item of shown) lines.push(itemLine(item));
  });
  if (audit.unreadableLines > 0) lines.push(`  ${audit.unreadableLines} line(s) could not be read and were not audited`);
  return lines.join('\n');
}
