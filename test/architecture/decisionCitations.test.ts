import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/**
 * Comments say why and cite the decision that records it (docs/decisions/), never a tracker's
 * number: the tracker is not in the repository, so a newcomer could not follow such a citation.
 */

const decisionsDir = join(repoRoot, 'docs', 'decisions');
const scannedDirs = ['src', 'test', 'bench', 'scripts'];
const scannedRootFiles = ['README.md', 'eslint.config.js', 'vitest.config.ts'];
const textFile = /\.(?:[cm]?[jt]s|md|txt|json)$/;

/** Real sessions and their labels quote people verbatim, a tracker's numbers among them: data, not our comments. */
const quotedData = join(repoRoot, 'bench', 'quality', 'real');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir) || ['gold', 'second', 'sessions'].some((data) => dir === join(quotedData, data))) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : textFile.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** Each scanned file's text with comment leaders at line starts removed, so a citation wrapped over two comment lines reads as one. */
function scannedTexts(): { file: string; text: string }[] {
  const files = [...scannedDirs.flatMap((dir) => filesUnder(join(repoRoot, dir))), ...scannedRootFiles.map((f) => join(repoRoot, f))];
  return files.map((file) => ({
    file: relative(repoRoot, file),
    text: readFileSync(file, 'utf8').replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' '),
  }));
}

/** The numbers of the decision files: docs/decisions/NNN-title.md. */
function decisionFiles(): Map<number, string> {
  if (!existsSync(decisionsDir)) return new Map();
  const names = readdirSync(decisionsDir).filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name));
  return new Map(names.map((name) => [Number(name.slice(0, 3)), name]));
}

// Built from parts so that this file does not match itself.
const trackerCitation = new RegExp(`\\b${'iss'}ues?\\s+#?\\d+`, 'gi');
const number = String.raw`§?\d+[A-Z]?`;
const decisionCitation = new RegExp(String.raw`\bdecisions?\s+(${number}(?:\s*(?:,|and|or|to|–)\s*${number})*)`, 'gi');
const decisionLink = /docs\/decisions\/(\d{3}-[a-z0-9-]+\.md)/g;
const oldDecisionsFile = ['docs', 'decisions.md'].join('/');

describe('decision citations', () => {
  it('no comment in src, test, bench or scripts cites a tracker issue number', () => {
    const found = scannedTexts().flatMap(({ file, text }) => [...text.matchAll(trackerCitation)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it('every decision a comment cites has a file in docs/decisions/', () => {
    const known = decisionFiles();
    const unknown = scannedTexts().flatMap(({ file, text }) => [
      ...[...text.matchAll(decisionCitation)].flatMap((m) =>
        [...(m[1] ?? '').matchAll(/\d+/g)].filter((n) => !known.has(Number(n[0]))).map((n) => `${file}: decision ${n[0]}`),
      ),
      ...[...text.matchAll(decisionLink)].filter((m) => !existsSync(join(decisionsDir, m[1] ?? ''))).map((m) => `${file}: ${m[0]}`),
    ]);
    expect(known.size).toBeGreaterThanOrEqual(60);
    expect(unknown).toEqual([]);
  });

  it('no file points at the old single decisions file', () => {
    const stale = scannedTexts().filter(({ text }) => text.includes(oldDecisionsFile));
    expect(stale.map(({ file }) => file)).toEqual([]);
  });

  it('the index in docs/decisions/README.md lists every decision file and nothing else', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\|\s*(\d+)\s*\|\s*\[[^\]]+\]\(\.\/(\d{3}-[a-z0-9-]+\.md)\)/gm)].map((m) => ({
      number: Number(m[1]),
      file: m[2] ?? '',
    }));
    const files = [...decisionFiles()].sort(([a], [b]) => a - b).map(([n, file]) => ({ number: n, file }));
    expect(rows).toEqual(files);
  });

  it('each decision file opens with its own number', () => {
    const wrong = [...decisionFiles()].filter(([n, file]) => {
      const heading = readFileSync(join(decisionsDir, file), 'utf8').split('\n', 1)[0] ?? '';
      return !heading.startsWith(`# ${n}. `);
    });
    expect(wrong.map(([, file]) => file)).toEqual([]);
  });
});
