import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { CatalogRows, type CatalogRow } from '../../src/catalog/catalogRows.js';
import { foldFile, type FoldResult } from '../../src/catalog/foldFile.js';
import { agentFilesOf } from '../../src/inspect/light/agentFiles.js';
import { reportOfSummary } from '../../src/inspect/light/reportOfSummary.js';
import type { TranscriptReport } from '../../src/inspect/inspectTranscript.js';
import { entryObject } from '../support/arbitraries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { repoRoot, sharedFixtures } from '../support/paths.js';
import { transcriptFileBytes } from '../support/transcriptFileArbitrary.js';
import { tricky } from '../support/trickyChainArbitrary.js';

/** `memlog inspect`'s report of a file made the catalog's way: the fast scan, the fold, the report from its summary. */
export function catalogReport(file: string): TranscriptReport {
  const agents = agentFilesOf(file).map((agent) => ({ ...agent, entries: foldFile({ path: agent.file }).summary.entries }));
  return reportOfSummary(file, foldFile({ path: file }).summary, agents);
}

/** The sessions kept aside for an independent check (../shared/holdout-exclude.txt): by sha256 and by session id. */
function holdout(): { shas: Set<string>; ids: Set<string> } {
  let text = '';
  try {
    text = readFileSync(join(repoRoot, '..', 'shared', 'holdout-exclude.txt'), 'utf8');
  } catch {
    return { shas: new Set(), ids: new Set() };
  }
  const rows = text
    .split('\n')
    .filter((line) => /^[0-9a-f]{64}\s/.test(line))
    .map((line) => line.split(/\s+/));
  return { shas: new Set(rows.map((row) => row[0] ?? '')), ids: new Set(rows.map((row) => row[1] ?? '')) };
}

/** Every .jsonl file under a folder, relative names, sorted. */
function jsonlUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
}

/** The real transcripts under ../shared/fixtures, holdout sessions left out (by their hash or any session id they hold). */
export function realTranscripts(): string[] {
  const { shas, ids } = holdout();
  return jsonlUnder(sharedFixtures)
    .map((name) => join(sharedFixtures, name))
    .filter((path) => {
      const bytes = readFileSync(path);
      if (shas.has(createHash('sha256').update(bytes).digest('hex'))) return false;
      for (const match of bytes.toString('utf8').matchAll(/"sessionId":"([^"]+)"/g)) if (ids.has(match[1] ?? '')) return false;
      return true;
    });
}

/** The transcripts of the repository's own fixtures. */
export function repoTranscripts(): string[] {
  const root = join(repoRoot, 'fixtures');
  return jsonlUnder(root)
    .map((name) => join(root, name))
    .filter((path) => !relative(root, path).startsWith('golden'));
}

/**
 * Folds a file on from its last fold the way the catalog does, its messages' usage and its forgotten fingerprints kept in
 * an in-memory catalog's tables (decision 94): the first call reads the file from its start.
 */
export function foldingOn(): { fold(path: string): FoldResult } {
  const rows = new CatalogRows(openCatalogDb(':memory:'));
  const stored = new Map<string, CatalogRow>();
  return {
    fold(path: string): FoldResult {
      const row = stored.get(path);
      const result = foldFile(
        row === undefined
          ? { path }
          : {
              path,
              stored: row,
              usageOf: (id) => rows.usageOf(path, id),
              forgottenHas: (kind, [high, low]) => rows.forgottenHas(path, kind, high, low),
            },
      );
      rows.putAll([{ path, row: result.row, usage: result.usage, forgotten: result.forgotten, foldedOn: result.foldedOn }]);
      stored.set(path, result.row);
      return result;
    },
  };
}

/** Entries as the bytes of JSONL lines. */
export const lines = (entries: readonly unknown[]): Buffer =>
  Buffer.from(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), 'utf8');

/** Entries as JSONL, where `glued[i]` leaves out the newline after the i-th: records glued on one line (decision 147). */
const gluedLines = ([entries, glued]: [readonly unknown[], readonly boolean[]]): Buffer =>
  Buffer.from(
    entries.map((entry, i) => `${JSON.stringify(entry)}${glued[i] === true && i < entries.length - 1 ? '' : '\n'}`).join(''),
    'utf8',
  );

/**
 * The parts a fold's property test builds a transcript from: chains that trip a forgetful index, whole conversations
 * (some with records glued on one line), unknown kinds, damaged lines, and a long line now and then.
 */
export const transcriptParts: readonly fc.Arbitrary<Buffer>[] = [
  tricky.map(lines),
  conversation.map(lines),
  fc.tuple(conversation, fc.array(fc.boolean(), { maxLength: 25 })).map(gluedLines),
  fc.array(entryObject, { maxLength: 5 }).map(lines),
  transcriptFileBytes,
  fc.constant(lines([{ type: 'custom-title', customTitle: 'x'.repeat(3000) }])),
];

/** A catalog that folds on from a row whatever the file's size: the fold-on tests' files are small (decision 103). */
export const FOLD_ON_ANY_SIZE = { refoldUpToBytes: 0 } as const;
