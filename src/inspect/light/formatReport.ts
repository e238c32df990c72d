import type { TranscriptReport } from './transcriptReport.js';

/** Built on first use: setting up ICU's formatter costs about 20 ms, which `inspect --json` never needs (decision 88). */
let formatter: Intl.NumberFormat | undefined;
const number = { format: (value: number): string => (formatter ??= new Intl.NumberFormat('en-US')).format(value) };
const short = (uuid: string | null): string => (uuid === null ? '—' : uuid.slice(0, 8));

/** The readable form of a report, a few aligned lines per transcript. */
export function formatReport(report: TranscriptReport): string {
  const kinds = Object.entries(report.byKind)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, count]) => `${kind} ${number.format(count)}`)
    .join(', ');
  const out = [report.file];
  const session = report.agentId === null ? (report.sessionId ?? '—') : `${report.sessionId ?? '—'} (subagent ${report.agentId})`;
  out.push(row('session', report.title === null ? session : `${session} — ${report.title}`));
  out.push(row('entries', `${number.format(report.entries)} on ${number.format(report.lines)} lines${kinds === '' ? '' : ` (${kinds})`}`));
  const loop = report.cycle ? ' (parentUuid links loop; the walk stopped there)' : '';
  out.push(
    row(
      'chain',
      report.chain.length === 0
        ? `empty${loop}`
        : `${report.chain.length} entries, root ${short(report.chain[0] ?? null)} → leaf ${short(report.leaf)}; ${report.apiMessages} API messages on resume${loop}`,
    ),
  );
  if (report.sidechains.length > 0) {
    out.push(
      row(
        'sidechains',
        report.sidechains.map((s) => `${s.agentId ?? 'inline'} (${s.entries} entries${s.file === null ? ', inline' : ''})`).join(', '),
      ),
    );
  }
  for (const b of report.compactBoundaries) {
    const tokens = b.preTokens === null ? '' : `, ${number.format(b.preTokens)} tokens before`;
    out.push(
      row(
        'compaction',
        `line ${b.line}, ${b.trigger ?? 'unknown'} trigger${tokens}${b.preservedSegment ? ', kept a preserved segment' : ''}`,
      ),
    );
  }
  const u = report.usage;
  out.push(
    row(
      'usage',
      `${number.format(u.messages)} API responses: input ${number.format(u.input)}, output ${number.format(u.output)}, cache read ${number.format(u.cacheRead)}, cache write ${number.format(u.cacheCreation)}`,
    ),
  );
  out.push(...readApartAndLeftOut(report));
  return out.join('\n');
}

/** The lines that held several records, read apart (decision 147), then those that are not entries, each listed. */
function readApartAndLeftOut(report: TranscriptReport): string[] {
  const out: string[] = [];
  if (report.gluedLines > 0) {
    out.push(
      row(
        'glued lines',
        `${number.format(report.gluedLines)} line(s) held more than one record, no newline between; each record read apart`,
      ),
    );
  }
  if (report.diagnostics.length === 0) return [...out, row('diagnostics', 'none')];
  out.push(row('diagnostics', `${report.diagnostics.length}`));
  for (const d of report.diagnostics) out.push(`    line ${d.line} (byte ${d.offset}): ${d.code}: ${d.message}`);
  return out;
}

function row(label: string, value: string): string {
  return `  ${label.padEnd(12)}${value}`;
}
