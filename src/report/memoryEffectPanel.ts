import type { EffectTotals, MemoryEffect } from '../jobs/history/memoryEffect.js';
import { escapeHtml } from './escapeHtml.js';
import type { ProjectEffect } from './findProjectEffects.js';

const HEAD = ['memory', 'since', 'later sessions', 'read', 'recalled', 'index', 'said again'];

const percent = (value: number | null): string => (value === null ? '–' : `${Math.round(value * 100)}%`);

function totalsText(t: EffectTotals): string {
  return `Said again in a later session: ${t.restated} of ${t.withLater} subject(s) with a memory (${percent(t.rateWith)}), ${t.repeatedWithout} of ${t.subjectsWithout} without one (${percent(t.rateWithout)}).`;
}

function rowOf(m: MemoryEffect): string {
  const count = (how: string): number => m.inContext.filter((c) => c.how === how).length;
  const cells = [m.file, m.since.slice(0, 10), m.later, count('read'), count('recalled'), count('index')];
  cells.push(new Set(m.restated.map((r) => r.session)).size);
  return `<tr>${cells.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`;
}

/** One project's panel: the table `memlog memory effect` prints, and the project's repeat rates. */
export function renderEffectPanel({ project, effect }: ProjectEffect): string {
  return [
    `<section class="effect"><h2>Memory effect: ${escapeHtml(project)}</h2>`,
    `<table><thead><tr>${HEAD.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${effect.memories.map(rowOf).join('\n')}\n</tbody></table>`,
    `<p class="note">${escapeHtml(totalsText(effect.totals))} In context: read with a tool, recalled, or listed in the index loaded at start (memlog memory effect).</p></section>`,
  ].join('\n');
}
