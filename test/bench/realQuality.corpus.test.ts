import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldFiles, loadGold, readGold, REAL_SESSIONS, sourceOf } from '../../bench/quality/real/realGold.js';
import { repoRoot } from '../support/paths.js';

/** ../shared beside the checkout holds the list of sessions kept aside for an independent check. */
const holdoutList = join(repoRoot, '..', 'shared', 'holdout-exclude.txt');

const sessionFiles = (): string[] =>
  readdirSync(REAL_SESSIONS, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => join(REAL_SESSIONS, name));

const sessionIds = (path: string): Set<string> =>
  new Set([...readFileSync(path, 'utf8').matchAll(/"sessionId":"([^"]+)"/g)].map((match) => match[1]!));

describe('the real-session corpus', () => {
  it('has a gold file that parses for every session, and a session file for every gold file', () => {
    const golds = goldFiles().map((path) => readGold(path));
    const topLevel = sessionFiles()
      .map((path) => relative(REAL_SESSIONS, path))
      .filter((path) => !path.includes('/subagents/'))
      .sort();
    expect(golds.map((gold) => gold.session).sort()).toEqual(topLevel);
    expect(golds.length).toBeGreaterThanOrEqual(40);
  });

  it('comes from at least eight repositories (the issue asks for eight)', () => {
    expect(new Set(loadGold().map(sourceOf)).size).toBeGreaterThanOrEqual(8);
  });

  it('keeps a third aside, with sources and certain items in both halves', () => {
    const aside = loadGold('aside');
    const dev = loadGold('dev');
    expect(aside.length).toBeGreaterThanOrEqual(Math.floor((aside.length + dev.length) / 3));
    expect(new Set(aside.map(sourceOf)).size).toBeGreaterThanOrEqual(4);
    for (const half of [aside, dev])
      expect(half.flatMap((gold) => gold.items).filter((item) => item.certainty === 'certain').length).toBeGreaterThan(5);
  });

  it('gives items unique ids per session, and points sameAs at an item of another session of the same source', () => {
    const golds = loadGold();
    const keys = new Set(golds.flatMap((gold) => gold.items.map((item) => `${gold.session}#${item.id}`)));
    expect(keys.size).toBe(golds.flatMap((gold) => gold.items).length);
    for (const gold of golds)
      for (const item of gold.items.filter((i) => i.sameAs !== undefined)) {
        expect(keys).toContain(item.sameAs);
        expect(item.sameAs!.split('/')[0]).toBe(sourceOf(gold));
        expect(item.sameAs!.startsWith(gold.session)).toBe(false);
      }
  });

  it('rejects a gold file with uppercase words or a missing field, naming the file', () => {
    expect(() => readGold(join(repoRoot, 'package.json'), repoRoot)).toThrow(/^package\.json: /);
  });

  it.runIf(existsSync(holdoutList))('uses no session kept aside for the independent check (by sha256 or session id)', () => {
    const rows = readFileSync(holdoutList, 'utf8')
      .split('\n')
      .filter((line) => /^[0-9a-f]{64}\s/.test(line))
      .map((line) => line.split(/\s+/));
    const shas = new Set(rows.map((row) => row[0]));
    const ids = new Set(rows.map((row) => row[1]));
    expect(shas.size).toBeGreaterThan(0);
    for (const path of sessionFiles()) {
      const name = relative(REAL_SESSIONS, path);
      expect(shas.has(createHash('sha256').update(readFileSync(path)).digest('hex')), name).toBe(false);
      for (const id of sessionIds(path)) expect(ids.has(id), `${name} ${id}`).toBe(false);
    }
  });
});
