import { appendFileSync, mkdirSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistantEntry, userEntry } from '../../src/testing/index.js';
import { findSessionFiles, indexSessions, openSearchDb, searchEntries, type SearchDb } from '../../src/search/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

const WORDS = ['cart', 'checkout', 'pnpm', 'flaky', 'deploy', 'migration', 'lint'];
const FILES = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const line = fc.record({ role: fc.constantFrom('user', 'assistant'), text, tool: fc.boolean() }).map(({ role, text, tool }) => {
  const uuid = `u-${text.replace(/ /g, '-')}`;
  const entry =
    role === 'user'
      ? userEntry(uuid, tool ? [{ type: 'tool_result', tool_use_id: 't1', content: text }] : text)
      : assistantEntry(uuid, 'm1', tool ? { type: 'tool_use', id: 't1', name: 'Bash', input: { command: text } } : { type: 'text', text });
  return JSON.stringify(entry);
});

type Action =
  | { kind: 'append'; file: number; lines: string[] }
  | { kind: 'partial'; file: number; line: string; cut: number }
  | { kind: 'garbage'; file: number }
  | { kind: 'rewrite'; file: number; lines: string[] }
  | { kind: 'delete'; file: number }
  | { kind: 'index' };

const file = fc.integer({ min: 0, max: FILES.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), file, lines: fc.array(line, { minLength: 1, maxLength: 5 }) }),
  fc.record({ kind: fc.constant('partial' as const), file, line, cut: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('garbage' as const), file }),
  fc.record({ kind: fc.constant('rewrite' as const), file, lines: fc.array(line, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('delete' as const), file }),
  fc.constant({ kind: 'index' as const }),
);

/** Everything the index holds, without its row ids: what a rebuild must give again. */
function dump(db: SearchDb): unknown[] {
  return db
    .prepare(
      'SELECT f.path, f.session, f.project, e.seq, e.offset, e.uuid, e.time, e.role, e.kind, e.text FROM entries e JOIN files f ON f.id = e.file_id ORDER BY f.path, e.seq, e.kind, e.text',
    )
    .all();
}

function searches(db: SearchDb): unknown[] {
  return WORDS.map((word) =>
    searchEntries(db, word, { limit: 10_000, tools: true })
      .map((hit) => `${hit.path} ${hit.seq} ${hit.kind} ${hit.snippet}`)
      .sort(),
  );
}

describe('the search index', () => {
  it('indexed after every history of appends, rewrites and deletions, holds what a full rebuild holds', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 25 }), (actions) => {
        const root = tempDir('memlog-search-');
        const project = join(root, '-home-dev-app');
        mkdirSync(project);
        const paths = FILES.map((id) => join(project, `${id}.jsonl`));
        const pending = new Map<number, string>();
        const db = openSearchDb(join(root, 'index.db'));
        let clock = 1_700_000_000;
        const incremental = (): void =>
          void indexSessions(db, findSessionFiles([project]), { roots: [project], batchRows: 3, chunkBytes: 64 });
        const write = (n: number, change: (path: string) => void): void => {
          const path = paths[n]!;
          change(path);
          if (existsSync(path)) utimesSync(path, ++clock, clock);
        };
        const finish = (n: number): string => {
          const rest = pending.get(n) ?? '';
          pending.delete(n);
          return rest === '' ? '' : `${rest}\n`;
        };
        for (const step of actions) {
          switch (step.kind) {
            case 'append':
              write(step.file, (path) => appendFileSync(path, finish(step.file) + step.lines.map((l) => `${l}\n`).join('')));
              break;
            case 'partial': {
              const cut = Math.min(step.cut, step.line.length - 1);
              write(step.file, (path) => appendFileSync(path, finish(step.file) + step.line.slice(0, cut)));
              pending.set(step.file, step.line.slice(cut));
              break;
            }
            case 'garbage':
              write(step.file, (path) => appendFileSync(path, `${finish(step.file)}{not json\n`));
              break;
            case 'rewrite':
              pending.delete(step.file);
              write(step.file, (path) => writeFileSync(path, step.lines.map((l) => `${l}\n`).join('')));
              break;
            case 'delete':
              pending.delete(step.file);
              rmSync(paths[step.file]!, { force: true });
              break;
            case 'index':
              incremental();
              break;
          }
        }
        incremental();
        const full = openSearchDb(':memory:');
        indexSessions(full, findSessionFiles([project]));
        db.exec("INSERT INTO entries_fts (entries_fts) VALUES ('integrity-check')");
        expect(dump(db)).toEqual(dump(full));
        expect(searches(db)).toEqual(searches(full));
        db.close();
        full.close();
      }),
      { numRuns: fcRuns },
    );
  });
});
