import { appendFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BATCH_ROWS, emptyIndexReport, FileIndexer, openSearchDb } from '../../src/search/index.js';
import { transcriptNamed } from '../../src/transcript/transcriptFiles.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const PROJECT = '-home-dev-acme-shop';
const FIX_TESTS = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

interface SearchJson {
  hits: { session: string; project: string; seq: number; uuid: string; path: string; snippet: string }[];
  index: { files: number; unchanged: number; grown: number; read: number; bytesRead: number; removed: number };
}

function setUp(): { config: string; projects: string; archive: string; index: string } {
  const root = tempDir();
  const config = join(root, 'claude');
  cpSync(demoProjects, join(config, 'projects'), { recursive: true });
  return { config, projects: join(config, 'projects'), archive: join(root, 'archive'), index: join(root, 'index.db') };
}

function archive(config: string, dir: string, ...flags: string[]): void {
  const result = runCli(['archive', '--to', dir, '--config-dir', config, ...flags]);
  expect(result.status, result.stderr).toBe(0);
}

function search(args: readonly string[], index: string, env: NodeJS.ProcessEnv = {}): SearchJson {
  const result = runCli(['search', ...args, '--index', index, '--json'], { env });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as SearchJson;
}

describe('memlog search reads archived sessions', () => {
  it('finds a session that is only in the archive, naming its session, entry and snippet', () => {
    const { config, projects, archive: dir, index } = setUp();
    archive(config, dir);
    rmSync(projects, { recursive: true });
    const { hits } = search(['prefer pnpm', dir], index);
    expect(hits).toContainEqual(
      expect.objectContaining({
        session: FIX_TESTS,
        project: PROJECT,
        seq: 48,
        uuid: 'fa8a5fcb-ebad-400c-8fea-0b7383f543d6',
        path: join(dir, PROJECT, `${FIX_TESTS}.jsonl`),
        snippet: 'Remember that I «prefer» «pnpm» over npm for this project.',
      }),
    );
  }, 120_000);

  it('is incremental over the archive: unchanged versions read nothing, a grown one only its new bytes', () => {
    const { config, projects, archive: dir, index } = setUp();
    archive(config, dir);
    const first = search(['pnpm', dir], index);
    expect(first.index.read).toBe(first.index.files);
    const again = search(['pnpm', dir], index);
    expect(again.index).toMatchObject({ unchanged: first.index.files, read: 0, grown: 0, bytesRead: 0 });
    const line = `${JSON.stringify({ type: 'user', uuid: 'late-1', message: { role: 'user', content: 'zanzibar rollout tomorrow' } })}\n`;
    appendFileSync(join(projects, PROJECT, `${FIX_TESTS}.jsonl`), line);
    archive(config, dir);
    const grown = search(['zanzibar', dir], index);
    expect(grown.index).toMatchObject({ grown: 1, read: 0, bytesRead: Buffer.byteLength(line) });
    expect(grown.hits.map((hit) => [hit.session, hit.uuid])).toEqual([[FIX_TESTS, 'late-1']]);
  }, 180_000);

  it('finds a session once when it is both on disk and in the archive, and searches the default archive by default', () => {
    const { config, projects, archive: dir, index } = setUp();
    archive(config, dir);
    const onDisk = search(['pnpm', projects], index);
    // Searched from the archive alone first, then with the disk: each session still found once.
    expect(search(['pnpm', dir], index).hits.length).toBe(onDisk.hits.length);
    const both = search(['pnpm', projects, dir], index);
    expect(both.hits).toEqual(onDisk.hits);
    rmSync(join(projects, PROJECT), { recursive: true });
    const byDefault = search(['prefer pnpm'], index, { CLAUDE_CONFIG_DIR: config, MEMLOG_ARCHIVE: dir });
    expect(byDefault.hits.map((hit) => hit.path)).toContain(join(dir, PROJECT, `${FIX_TESTS}.jsonl`));
  }, 180_000);

  it('reads a redacted archive by the offsets of its redacted bytes: a grown version only its new, redacted line', () => {
    const { config, projects, archive: dir, index } = setUp();
    const said = (uuid: string, content: string) => `${JSON.stringify({ type: 'user', uuid, message: { role: 'user', content } })}\n`;
    const transcript = join(projects, PROJECT, `${FIX_TESTS}.jsonl`);
    appendFileSync(transcript, said('key-1', 'the CI key is AKIAQWERTYUIOPASDFGH'));
    archive(config, dir, '--redact');
    search(['pnpm', dir], index);
    appendFileSync(transcript, said('late-1', 'zanzibar rollout with ghp_abcdefghijklmnopqrstuvwxyz0123456789'));
    archive(config, dir);
    const grown = search(['zanzibar', dir], index);
    const stored = said('late-1', 'zanzibar rollout with [REDACTED:secretlint/github]');
    expect(grown.index).toMatchObject({ grown: 1, read: 0, bytesRead: Buffer.byteLength(stored) });
    expect(grown.hits.map((hit) => [hit.uuid, hit.snippet])).toEqual([['late-1', '«zanzibar» rollout with [REDACTED:secretlint/github]']]);
  }, 180_000);

  // Archives made before decision 111 hold journals that sat beside transcripts; today's archive still takes every
  // file of a session's folder, so a journal there stands for them.
  it("leaves memlog's own journals in an archive out of its search, as a walk on disk does (decision 111)", () => {
    const { config, projects, archive: dir, index } = setUp();
    const journal = `${JSON.stringify({ type: 'user', uuid: 'journal-1', message: { role: 'user', content: 'zanzibar in a journal' } })}\n`;
    mkdirSync(join(projects, PROJECT, FIX_TESTS), { recursive: true });
    appendFileSync(join(projects, PROJECT, FIX_TESTS, '.memory.memlog-consolidation.jsonl'), journal);
    archive(config, dir);
    rmSync(projects, { recursive: true });
    const onlyArchive = search(['zanzibar', dir], index);
    expect(onlyArchive.hits).toEqual([]);
    expect(search(['pnpm', dir], index).hits.map((hit) => hit.path)).toContain(join(dir, PROJECT, `${FIX_TESTS}.jsonl`));
  }, 180_000);

  it('drops the row an older index holds for a journal in the archive, so it is no longer found', () => {
    const { config, projects, archive: dir, index } = setUp();
    const journal = `${JSON.stringify({ type: 'user', uuid: 'journal-1', message: { role: 'user', content: 'zanzibar in a journal' } })}\n`;
    mkdirSync(join(projects, PROJECT, FIX_TESTS), { recursive: true });
    appendFileSync(join(projects, PROJECT, FIX_TESTS, '.memory.memlog-consolidation.jsonl'), journal);
    archive(config, dir);
    search(['pnpm', dir], index);
    plantIndexedJournal(index, dir, join(PROJECT, FIX_TESTS, '.memory.memlog-consolidation.jsonl'), journal);
    const again = search(['zanzibar', dir], index);
    expect(again.hits).toEqual([]);
    expect(again.index).toMatchObject({ removed: 1 });
  }, 180_000);
});

/** The row an index made before journals were told apart (decision 111): the journal's bytes indexed under its archived path. */
function plantIndexedJournal(index: string, archiveDir: string, key: string, content: string): void {
  const db = openSearchDb(index);
  try {
    const bytes = Buffer.from(content);
    const identity = { dev: 0, ino: 1, size: bytes.length, mtimeMs: 0, headBytes: bytes.length, headHash: 'planted' };
    const file = transcriptNamed(resolve(archiveDir), join(resolve(archiveDir), key));
    const indexer = new FileIndexer(db, file, identity, { offset: 0, seq: 0, skipped: 0 }, DEFAULT_BATCH_ROWS, emptyIndexReport(0));
    indexer.push(bytes);
    indexer.finish();
  } finally {
    db.close();
  }
}
