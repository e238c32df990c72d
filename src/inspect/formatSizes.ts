import type { ProjectSizes, SessionSizes } from './sessionSizes.js';
import { SIZE_KINDS, type SizeByKind } from './transcriptSizes.js';

const HEADINGS: Record<(typeof SIZE_KINDS)[number], string> = {
  fileHistory: 'file-history',
  tools: 'tools',
  images: 'images',
  thinking: 'thinking',
  text: 'text',
  metadata: 'metadata',
};

/** Bytes for a person: B, KB, MB, GB (1024s), one decimal past KB. */
export function humanBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'TB'}`;
}

const row = (name: string, bytes: number, sizes: SizeByKind): string[] => [
  name,
  humanBytes(bytes),
  ...SIZE_KINDS.map((kind) => humanBytes(sizes[kind])),
];

function table(rows: readonly string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

/** The sizes as two tables: per session, then per project. */
export function formatSizes(sessions: readonly SessionSizes[], projects: readonly ProjectSizes[]): string {
  const head = ['', 'total', ...SIZE_KINDS.map((kind) => HEADINGS[kind])];
  const perSession = [['session', ...head.slice(1)], ...sessions.map((s) => row(`${s.project}/${s.session}`, s.bytes, s.sizes))];
  const perProject = [['project', ...head.slice(1)], ...projects.map((p) => row(`${p.project} (${p.sessions})`, p.bytes, p.sizes))];
  return `${table(perSession)}\n\n${table(perProject)}\n`;
}
