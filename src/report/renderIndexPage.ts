import { formatNumber } from './chartGeometry.js';
import { escapeHtml } from './escapeHtml.js';
import type { ProjectEffect } from './findProjectEffects.js';
import { renderEffectPanel } from './memoryEffectPanel.js';
import { pageShell } from './pageShell.js';
import type { ReportRow } from './reportRow.js';
import { runCountCells } from './runCountCells.js';
import type { SkippedPath } from '../transcript/transcriptFiles.js';

const COLUMNS = [
  'project',
  'session',
  'entries',
  'size',
  'turns',
  'tool calls',
  'max tokens',
  'last tokens',
  'compactions',
  'notes due',
  'extractions due',
  'memories extracted',
  'candidates found',
  'failed runs',
  'lost at compaction',
  'unreadable lines',
];

/** The paths the walk could not read, each with why: no sessions, so listed apart from the table (decision 111). */
function unreadableList(unreadable: readonly SkippedPath[]): string[] {
  if (unreadable.length === 0) return [];
  const items = unreadable.map(({ path, reason }) => `<li><code>${escapeHtml(path)}</code>: ${escapeHtml(reason)}</li>`);
  return [
    `<p class="note">${unreadable.length} path${unreadable.length === 1 ? '' : 's'} skipped, not read:</p>`,
    `<ul>${items.join('')}</ul>`,
  ];
}

/**
 * The report's index: one row a session, with a link to its page; the paths not read; then each
 * memory directory's effect panel (decision 80).
 */
export function renderIndexPage(
  title: string,
  rows: readonly ReportRow[],
  effects: readonly ProjectEffect[] = [],
  unreadable: readonly SkippedPath[] = [],
): string {
  const body = rows.map((r) => {
    const name = r.page === null ? escapeHtml(r.session) : `<a href="${escapeHtml(r.page)}">${escapeHtml(r.session)}</a>`;
    const t = r.totals;
    if (t === null)
      return `<tr><td>${escapeHtml(r.project)}</td><td>${name}</td><td colspan="${COLUMNS.length - 2}">could not be read: ${escapeHtml(r.error ?? '')}</td></tr>`;
    const cells = [
      formatNumber(t.entries),
      r.bytes === null ? '' : `${formatNumber(Math.ceil(r.bytes / 1024))} KB`,
      formatNumber(t.turns),
      `${formatNumber(t.toolCalls)}${t.toolErrors > 0 ? ` (${formatNumber(t.toolErrors)} failed)` : ''}`,
      formatNumber(t.maxTokens),
      formatNumber(t.lastTokens),
      ...runCountCells(r, t),
    ];
    return `<tr><td>${escapeHtml(r.project)}</td><td>${name}</td>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  const memories = rows.reduce((n, r) => n + (r.totals?.memoriesWritten ?? 0), 0);
  const html = [
    `<header><h1>${escapeHtml(title)}</h1><p class="sub">${rows.length} session${rows.length === 1 ? '' : 's'} · ${formatNumber(memories)} memories extracted · memlog report</p></header>`,
    `<table><thead><tr>${COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${body.join('\n')}\n</tbody></table>`,
    ...unreadableList(unreadable),
    '<p class="note">Tokens are context tokens as Claude Code counts them. Notes and extractions due are what memlog\'s triggers decide on replay; memories extracted and failed runs come from memlog\'s effect logs, when there are any.</p>',
    ...effects.map(renderEffectPanel),
  ].join('\n');
  return pageShell(title, html);
}
