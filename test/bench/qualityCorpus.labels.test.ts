import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusHalf, resolve } from '../../bench/quality/corpus.js';
import { DEV2 } from '../../bench/quality/corpus/dev2.js';
import { MEMORY_KINDS } from '../../bench/quality/labels.js';
import { hasAllWords } from '../../bench/quality/matchWords.js';
import { writeQualitySessions } from '../../bench/quality/sessionsGen.js';

const dev = corpusHalf('dev');
const heldout = corpusHalf('heldout');
// The second development half, written blind to the extractor; checked like the others.
const dev2 = DEV2.map(resolve);
const all = [...dev, ...heldout, ...dev2];

describe('the quality corpus', () => {
  it('has at least 80 statements to save and 40 to leave, every type in every file, ids unique', () => {
    expect(all.filter((s) => s.save).length).toBeGreaterThanOrEqual(80);
    expect(all.filter((s) => !s.save).length).toBeGreaterThanOrEqual(40);
    for (const half of [dev, heldout, dev2])
      for (const kind of MEMORY_KINDS) expect(half.filter((s) => s.save && s.type === kind).length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
  });

  it('labels every statement with lowercase words that its own text satisfies (a verbatim memory matches)', () => {
    for (const statement of all) {
      for (const word of statement.words) expect(word, statement.id).toBe(word.toLowerCase());
      if (statement.save || statement.secretValue === undefined)
        expect(hasAllWords(statement.said, statement.words), statement.id).toBe(true);
      else expect(statement.said, statement.id).toContain(statement.secretValue);
    }
  });
});

describe('the quality sessions', () => {
  const digest = (dir: string): string => {
    const hash = createHash('sha256');
    for (const project of readdirSync(dir).sort())
      for (const file of readdirSync(join(dir, project)).sort()) hash.update(file).update(readFileSync(join(dir, project, file)));
    return hash.digest('hex');
  };

  it('places every statement in a session, compacts some sessions, and writes the same bytes twice', () => {
    const root = mkdtempSync(join(tmpdir(), 'memlog-quality-gen-'));
    try {
      const placements = writeQualitySessions(join(root, 'a'), dev);
      writeQualitySessions(join(root, 'b'), dev);
      expect(digest(join(root, 'a'))).toBe(digest(join(root, 'b')));
      expect([...placements.keys()].sort()).toEqual(dev.map((s) => s.id).sort());
      const sessions = readdirSync(join(root, 'a')).flatMap((p) =>
        readdirSync(join(root, 'a', p)).map((f) => readFileSync(join(root, 'a', p, f), 'utf8')),
      );
      expect(sessions.length).toBeGreaterThanOrEqual(12);
      expect(sessions.filter((s) => s.includes('"subtype":"compact_boundary"')).length).toBeGreaterThan(0);
      expect(sessions.filter((s) => !s.includes('"subtype":"compact_boundary"')).length).toBeGreaterThan(0);
      for (const statement of dev)
        expect(
          sessions.some((s) => s.includes(JSON.stringify(statement.said).slice(1, -1))),
          statement.id,
        ).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
