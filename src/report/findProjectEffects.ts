import { dirname, join } from 'node:path';
import { memoryEffect } from '../jobs/history/memoryEffect.js';
import { isFolder } from '../fs/fileKind.js';
import { describeFailure } from '../fs/fsError.js';
import type { ReportSession } from './findReportSessions.js';

/** A project's memory directory and the effect `memlog memory effect` computes for it. */
export interface ProjectEffect {
  readonly project: string;
  readonly effect: Awaited<ReturnType<typeof memoryEffect>>;
}

/**
 * Each project's memory directory, once, in the report's order: the one under `--out`, else the
 * one beside its transcripts (where Claude Code keeps it); a project with neither has no panel.
 */
function memoryDirs(sessions: readonly ReportSession[]): Map<string, { project: string; transcripts: string }> {
  const dirs = new Map<string, { project: string; transcripts: string }>();
  for (const s of sessions) {
    const transcripts = dirname(s.path);
    const dir = s.memoryDir ?? join(transcripts, 'memory');
    if (!dirs.has(dir) && isFolder(dir)) dirs.set(dir, { project: s.project, transcripts });
  }
  return dirs;
}

/**
 * The effect of every memory directory the report's sessions have (decision 80). A directory that
 * cannot be read loses its panel, said once on stderr; the pages are still written.
 */
export async function projectEffects(sessions: readonly ReportSession[]): Promise<ProjectEffect[]> {
  const effects: ProjectEffect[] = [];
  for (const [dir, { project, transcripts }] of memoryDirs(sessions)) {
    try {
      effects.push({ project, effect: await memoryEffect(dir, transcripts) });
    } catch (error) {
      const reason = describeFailure(error);
      if (reason === undefined) throw error;
      process.stderr.write(`memlog: no memory effect panel for ${project}: ${reason}\n`);
    }
  }
  return effects;
}
