import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backfillMemories, extractMemories } from '../../src/jobs/index.js';
import type { ModelPort } from '../../src/model/port.js';
import type { ResolvedStatement } from './corpus.js';
import { readSavedMemories, scannerFindings, scoreMemories, type Score } from './score.js';
import { writeQualitySessions, type GenerateOptions } from './sessionsGen.js';

/**
 * One measurement: the statements said in generated sessions, the real extraction path run
 * over them into a temporary folder, the memory files read back and scored.
 * - `extract`: `memlog extract`'s default (backfillMemories: two phases);
 * - `per-turn`: `memlog extract --per-turn` (extractMemories).
 */
export type ExtractPath = 'extract' | 'per-turn';

export const EXTRACT_PATHS: readonly ExtractPath[] = ['extract', 'per-turn'];

export interface QualityRun {
  readonly score: Score;
  /** Findings of src/secrets' scanner over every memory file. */
  readonly scanner: number;
  readonly ms: number;
}

/** Writes the sessions of a set of statements once; every extractor and path reads them. */
export function prepareSessions(statements: readonly ResolvedStatement[], options: GenerateOptions = {}) {
  const root = mkdtempSync(join(tmpdir(), 'memlog-quality-'));
  const projects = join(root, 'projects');
  const placements = writeQualitySessions(projects, statements, options);
  return { root, projects, placements, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

export async function runQuality(
  prepared: ReturnType<typeof prepareSessions>,
  statements: readonly ResolvedStatement[],
  model: ModelPort,
  path: ExtractPath,
  label: string,
): Promise<QualityRun> {
  const out = join(prepared.root, `out-${label}-${path}`);
  const started = performance.now();
  if (path === 'extract') await backfillMemories({ root: prepared.projects, out, model });
  else await extractMemories({ root: prepared.projects, out, model });
  const ms = performance.now() - started;
  const { memories, files } = readSavedMemories(out);
  return { score: scoreMemories(statements, prepared.placements, memories, files), scanner: await scannerFindings(files), ms };
}
