import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backfillMemories } from '../../../src/jobs/index.js';
import type { ModelPort } from '../../../src/model/port.js';
import { readSavedMemories, scannerFindings } from '../score.js';
import { REAL_SESSIONS, sourceOf, type GoldSession } from './realGold.js';
import { scoreReal, type RealScore } from './realScore.js';

export interface RealRun {
  readonly score: RealScore;
  /** Findings of src/secrets' scanner over every memory file. */
  readonly secrets: number;
  readonly ms: number;
}

/**
 * Lays the sessions out as Claude Code's projects folder, one project folder per source, each
 * session beside its `<session>/subagents/` folder when it has one.
 */
export function layOutProjects(golds: readonly GoldSession[], projects: string, sessions = REAL_SESSIONS): void {
  for (const gold of golds) {
    const project = join(projects, sourceOf(gold));
    mkdirSync(project, { recursive: true });
    const file = join(sessions, gold.session);
    cpSync(file, join(projects, gold.session));
    const companions = file.slice(0, -'.jsonl'.length);
    if (existsSync(companions)) cpSync(companions, join(projects, gold.session.slice(0, -'.jsonl'.length)), { recursive: true });
  }
}

/** `memlog extract`'s default path (two phases) over a set of real sessions, scored against their gold. */
export async function runReal(golds: readonly GoldSession[], model: ModelPort): Promise<RealRun> {
  const root = mkdtempSync(join(tmpdir(), 'memlog-real-'));
  try {
    const projects = join(root, 'projects');
    layOutProjects(golds, projects);
    const out = join(root, 'out');
    const started = performance.now();
    await backfillMemories({ root: projects, out, model });
    const ms = performance.now() - started;
    const { memories, files } = readSavedMemories(out);
    return { score: scoreReal(golds, memories), secrets: await scannerFindings(files), ms };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
