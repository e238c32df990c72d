import { basename } from 'node:path';
import type { SessionSummary } from '../../catalog/index.js';
import { agentIdFromFileName } from '../../transcript/claudePaths.js';
import { notClaudeCodeDiagnostic } from './notClaudeCode.js';
import type { TranscriptReport } from './transcriptReport.js';

/** A subagent file of a session, with how many entries it holds. */
export interface AgentFile {
  readonly agentId: string;
  readonly file: string;
  readonly entries: number;
}

/**
 * The report `inspectTranscript` makes, made from the file's catalog summary (decision 81): the same fields in the same
 * order, `agentFiles` being the session's `<session>/subagents/` files (sorted by path), ignored for an agent's own file.
 */
export function reportOfSummary(file: string, summary: SessionSummary, agentFiles: readonly AgentFile[]): TranscriptReport {
  const agentId = agentIdFromFileName(basename(file)) ?? null;
  const sidechains: TranscriptReport['sidechains'] = [
    ...summary.inlineSidechains.map(({ agentId: agent, entries }) => ({ agentId: agent, file: null, entries })),
    ...agentFiles.map(({ agentId: agent, file: path, entries }) => ({ agentId: agent, file: path, entries })),
  ];
  return {
    file,
    sessionId: summary.sessionId,
    agentId,
    lines: summary.lines,
    entries: summary.entries,
    byKind: summary.byKind,
    diagnostics: withNotClaudeCode(summary),
    gluedLines: summary.gluedLines,
    leaf: summary.leaf,
    chain: summary.chain,
    cycle: summary.cycle,
    apiMessages: summary.apiMessages,
    sidechains: agentId === null ? sidechains.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '')) : [],
    compactBoundaries: summary.compactBoundaries,
    usage: summary.usage,
    title: summary.title,
  };
}

/** The summary's diagnostics, with one about the whole file first when it holds no Claude Code entry. */
function withNotClaudeCode(summary: SessionSummary): TranscriptReport['diagnostics'] {
  const foreign = notClaudeCodeDiagnostic(summary.byKind, summary.entries);
  return foreign === null ? summary.diagnostics : [foreign, ...summary.diagnostics];
}
