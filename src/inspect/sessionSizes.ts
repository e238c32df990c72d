import { basename, dirname, resolve } from 'node:path';
import { addSizes, emptySizes, SIZE_KINDS, transcriptSizes, type SizeByKind } from './transcriptSizes.js';

/** A session's bytes by kind: its transcript and its subagents' transcripts. */
export interface SessionSizes {
  readonly project: string;
  readonly session: string;
  readonly files: number;
  readonly bytes: number;
  readonly sizes: SizeByKind;
}

export interface ProjectSizes {
  readonly project: string;
  readonly sessions: number;
  readonly bytes: number;
  readonly sizes: SizeByKind;
}

/** The project and session a transcript belongs to: a subagent's (`<session>/subagents/…`) is its session's. */
function sessionOf(path: string): { project: string; session: string } {
  const parts = resolve(path).split(/[\\/]/);
  const subagents = parts.lastIndexOf('subagents');
  if (subagents >= 2) return { project: parts[subagents - 2] ?? '', session: parts[subagents - 1] ?? '' };
  return { project: basename(dirname(resolve(path))), session: basename(path, '.jsonl') };
}

const total = (sizes: SizeByKind): number => SIZE_KINDS.reduce((sum, kind) => sum + sizes[kind], 0);

/** `memlog inspect --sizes`: every transcript read once, streamed; per session and per project, sorted by name. */
export function sessionSizes(files: readonly string[]): { sessions: SessionSizes[]; projects: ProjectSizes[] } {
  const sessions = new Map<string, { project: string; session: string; files: number; sizes: SizeByKind }>();
  for (const file of files) {
    const { project, session } = sessionOf(file);
    const key = `${project}/${session}`;
    const row = sessions.get(key) ?? { project, session, files: 0, sizes: emptySizes() };
    row.files++;
    addSizes(row.sizes, transcriptSizes(file));
    sessions.set(key, row);
  }
  const rows = [...sessions.values()]
    .sort((a, b) => (a.project === b.project ? (a.session < b.session ? -1 : 1) : a.project < b.project ? -1 : 1))
    .map((row) => ({ ...row, bytes: total(row.sizes) }));
  const projects = new Map<string, { project: string; sessions: number; sizes: SizeByKind }>();
  for (const row of rows) {
    const project = projects.get(row.project) ?? { project: row.project, sessions: 0, sizes: emptySizes() };
    project.sessions++;
    addSizes(project.sizes, row.sizes);
    projects.set(row.project, project);
  }
  return { sessions: rows, projects: [...projects.values()].map((p) => ({ ...p, bytes: total(p.sizes) })) };
}
