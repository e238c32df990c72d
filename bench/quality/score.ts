import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readMemoryDirectory } from '../../src/jobs/consolidation/memoryDirectory.js';
import { scanForSecrets } from '../../src/secrets/index.js';
import type { ResolvedStatement } from './corpus.js';
import { secretFingerprints } from './fakeSecrets.js';
import { MEMORY_KINDS, type MemoryKind } from './labels.js';
import { hasAllWords } from './matchWords.js';
import type { Placements } from './sessionsGen.js';

/** A saved memory as the scorer sees it: which project, and its name, description and body as one text. */
export interface SavedMemory {
  readonly project: string;
  readonly filename: string;
  readonly text: string;
}

/** Any file of a memory directory (topic files, the index), as written. */
export interface MemoryFile {
  readonly path: string;
  readonly content: string;
}

export interface Tally {
  readonly found: number;
  readonly total: number;
}

export interface Score {
  readonly recall: Readonly<Record<MemoryKind, Tally>>;
  readonly overall: Tally;
  readonly saved: number;
  /** Saved memories that match at least one positive. */
  readonly matched: number;
  /** matched / saved; null when nothing was saved. */
  readonly precision: number | null;
  /** Saved memories that match no positive. */
  readonly falseSaves: number;
  /** Negatives whose words (a secret: its value) are in a memory of their project. */
  readonly negativesSaved: readonly string[];
  /** Positives matched by more than one memory. */
  readonly duplicates: readonly string[];
  /** Secret negatives any piece of which is in any memory file. */
  readonly secretsSaved: readonly string[];
  /** Positives no memory matched. */
  readonly missed: readonly string[];
}

/** The memories and files of every `<project>/memory/` folder under an output folder. */
export function readSavedMemories(outDir: string): { memories: SavedMemory[]; files: MemoryFile[] } {
  const memories: SavedMemory[] = [];
  const files: MemoryFile[] = [];
  if (!existsSync(outDir)) return { memories, files };
  for (const project of readdirSync(outDir).sort()) {
    const memoryDir = join(outDir, project, 'memory');
    if (!existsSync(memoryDir)) continue;
    for (const memory of readMemoryDirectory(memoryDir).memories)
      memories.push({
        project,
        filename: memory.filename,
        text: `${memory.file.name}\n${memory.file.description}\n${memory.file.body}`,
      });
    for (const entry of readdirSync(memoryDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files.push({ path: relative(outDir, path), content: readFileSync(path, 'utf8') });
    }
  }
  return { memories, files };
}

/** How many secrets memlog's own scanner finds in the files. */
export async function scannerFindings(files: readonly MemoryFile[]): Promise<number> {
  let count = 0;
  for (const file of files) count += (await scanForSecrets(file.content, file.path)).length;
  return count;
}

/** Scores what was saved against the labels. Pure. */
export function scoreMemories(
  statements: readonly ResolvedStatement[],
  placements: Placements,
  memories: readonly SavedMemory[],
  files: readonly MemoryFile[],
): Score {
  const inProject = (statement: ResolvedStatement): readonly SavedMemory[] => {
    const project = placements.get(statement.id);
    return project === undefined ? memories : memories.filter((m) => m.project === project);
  };
  const matchedMemories = new Set<SavedMemory>();
  const recall = Object.fromEntries(MEMORY_KINDS.map((kind) => [kind, { found: 0, total: 0 }])) as Record<
    MemoryKind,
    { found: number; total: number }
  >;
  const duplicates: string[] = [];
  const missed: string[] = [];
  const negativesSaved: string[] = [];
  const secretsSaved: string[] = [];
  for (const statement of statements) {
    // A correction's earlier version kept in a memory of its project is kept wrong (decision 69).
    const earlier = statement.earlier;
    if (earlier !== undefined && inProject(statement).some((m) => hasAllWords(m.text, earlier.words)))
      negativesSaved.push(`${statement.id}:earlier`);
    if (statement.save) {
      const hits = inProject(statement).filter((m) => hasAllWords(m.text, statement.words));
      for (const hit of hits) matchedMemories.add(hit);
      recall[statement.type].total++;
      if (hits.length > 0) recall[statement.type].found++;
      else missed.push(statement.id);
      if (hits.length > 1) duplicates.push(statement.id);
      continue;
    }
    if (statement.secretValue !== undefined) {
      const pieces = secretFingerprints(statement.secretValue);
      if (files.some((f) => pieces.some((p) => f.content.includes(p)))) secretsSaved.push(statement.id);
      if (inProject(statement).some((m) => pieces.some((p) => m.text.includes(p)))) negativesSaved.push(statement.id);
      continue;
    }
    if (inProject(statement).some((m) => hasAllWords(m.text, statement.words))) negativesSaved.push(statement.id);
  }
  const overall = MEMORY_KINDS.reduce((sum, kind) => ({ found: sum.found + recall[kind].found, total: sum.total + recall[kind].total }), {
    found: 0,
    total: 0,
  });
  const saved = memories.length;
  const matched = matchedMemories.size;
  return {
    recall,
    overall,
    saved,
    matched,
    precision: saved === 0 ? null : matched / saved,
    falseSaves: saved - matched,
    negativesSaved,
    duplicates,
    secretsSaved,
    missed,
  };
}
