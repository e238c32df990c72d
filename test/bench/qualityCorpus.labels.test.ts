import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusHalf, resolve } from '../../bench/quality/corpus.js';
import { DEV2 } from '../../bench/quality/corpus/dev2.js';
import { HAZARD_KINDS, MEMORY_KINDS } from '../../bench/quality/labels.js';
import { hasAllWords } from '../../bench/quality/matchWords.js';
import { writeQualitySessions } from '../../bench/quality/sessionsGen.js';

const dev = corpusHalf('dev');
const heldout = corpusHalf('heldout');
// The second development half, written blind to the extractor; checked like the others.
const dev2 = DEV2.map(resolve);
const hazard = corpusHalf('hazard');
const hazardAside = corpusHalf('hazard-aside');
const all = [...dev, ...heldout, ...dev2, ...hazard, ...hazardAside];

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

describe('the hazard sessions (decision 69)', () => {
  it('say every hazard kind ten times, a third of them kept aside', () => {
    for (const kind of HAZARD_KINDS) {
      const kept = hazard.filter((s) => s.hazard === kind).length;
      const aside = hazardAside.filter((s) => s.hazard === kind).length;
      expect(kept + aside, kind).toBeGreaterThanOrEqual(10);
      expect(aside, kind).toBeGreaterThanOrEqual(3);
    }
  });

  it('say an AskUserQuestion answer as the tool result of the call, and a correction after what it corrects', () => {
    const root = mkdtempSync(join(tmpdir(), 'memlog-quality-hazard-'));
    try {
      writeQualitySessions(root, hazard);
      const lines = readdirSync(root).flatMap((p) =>
        readdirSync(join(root, p)).flatMap((f) =>
          readFileSync(join(root, p, f), 'utf8')
            .trim()
            .split('\n'),
        ),
      );
      for (const statement of hazard.filter((s) => s.ask !== undefined)) {
        const line = lines.find((l) => l.includes(JSON.stringify(statement.said).slice(1, -1)));
        expect(line, statement.id).toContain('"tool_result"');
        expect(line, statement.id).toContain('User has answered your questions');
      }
      for (const statement of hazard.filter((s) => s.earlier !== undefined)) {
        const at = (text: string): number => lines.findIndex((l) => l.includes(JSON.stringify(text).slice(1, -1)));
        expect(at(statement.earlier!.text), statement.id).toBeGreaterThanOrEqual(0);
        expect(at(statement.earlier!.text), statement.id).toBeLessThan(at(statement.said));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
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
